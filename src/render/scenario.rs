//! A scenario's overlays on its map: deployment zones, reinforcement entry hexes, victory
//! objectives, and the title and legend strip under the map.

use super::cartography::Looks;
use super::draw::{Box, Label, PAPER, Style, draw_star};
use super::font::{Font, fold};
use super::furniture::{self, Entry};
use super::raster::{Color, Pt};
use super::surface::Surface;
use super::{Layout, SQRT3};
use crate::map::HexCoord;
use crate::scenario::Scenario;
use crate::scenario::rules::{PointsSource, Target, VictoryRule};
use std::collections::BTreeSet;

pub(super) const GOLD: Color = Color::rgb(0xf0, 0xb4, 0x00);
const INK: Color = Color::rgb(0x24, 0x22, 0x1e);
/// Opacity of a side's tint over its deployment hexes.
const TINT: f32 = 0.34;

/// Blue and red: what side 0 and side 1 are painted when both sides have the same colour.
/// (Validation refuses a colour Kepi does not know; these stay the fallback.)
const DEFAULT_SIDES: [Color; 2] = [Color::rgb(0x23, 0x55, 0xc8), Color::rgb(0xc8, 0x28, 0x28)];

/// A side's colour: a name Kepi knows or `#rrggbb` ([`crate::map::colors`]).
fn named_color(name: &str) -> Option<Color> {
    crate::map::colors::side_color(name).map(|[r, g, b]| Color::rgb(r, g, b))
}

/// Each side's colour: its `color` when Kepi knows it, else the default; made readable under
/// counter ink and kept apart from the other side's ([`super::counter::side_fills`]).
pub(super) fn side_colors(s: &Scenario) -> [Color; 2] {
    super::counter::side_fills(
        [
            named_color(&s.sides[0].color),
            named_color(&s.sides[1].color),
        ],
        DEFAULT_SIDES,
    )
}

pub(super) struct Overlay<'a> {
    scenario: &'a Scenario,
    colors: [Color; 2],
    deploy: [BTreeSet<HexCoord>; 2],
    /// Side, turn, hexes.
    entries: Vec<(usize, u32, BTreeSet<HexCoord>)>,
    /// Hexes of hold and control targets.
    objectives: BTreeSet<HexCoord>,
    /// Feature codes (as the map spells them) among the targets.
    objective_features: BTreeSet<String>,
    /// Hexes named one by one among the targets.
    objective_hexes: BTreeSet<HexCoord>,
    exit_areas: BTreeSet<HexCoord>,
    radius: f64,
}

impl<'a> Overlay<'a> {
    pub fn new(s: &'a Scenario, layout: &Layout) -> Overlay<'a> {
        let map = &s.map;
        let mut deploy: [BTreeSet<HexCoord>; 2] = Default::default();
        for d in &s.deployments {
            deploy[d.side.min(1)].extend(d.hexes.iter().copied());
        }
        let entries = s
            .reinforcements
            .iter()
            .map(|r| (r.side.min(1), r.turn, r.hexes.clone()))
            .collect();
        let mut o = Overlay {
            scenario: s,
            colors: side_colors(s),
            deploy,
            entries,
            objectives: BTreeSet::new(),
            objective_features: BTreeSet::new(),
            objective_hexes: BTreeSet::new(),
            exit_areas: BTreeSet::new(),
            radius: layout.radius(),
        };
        for v in &s.file.victory {
            if let Some(rule) = v.rule.shared() {
                o.add_rule(rule);
            }
        }
        for p in &s.file.victory_points {
            match &p.source {
                PointsSource::Hold { target, .. } => o.add_target(target),
                PointsSource::Exited { area, .. } => o
                    .exit_areas
                    .extend(area.hexes.iter().filter_map(|n| map.grid.parse(n))),
                PointsSource::Eliminated { .. } => {}
            }
        }
        o
    }

    /// The objectives and exit areas a victory condition names (parts of all/any included).
    fn add_rule(&mut self, rule: &VictoryRule) {
        match rule {
            VictoryRule::Hold { target, .. } | VictoryRule::HoldForTurns { target, .. } => {
                self.add_target(target)
            }
            VictoryRule::ControlDeployedHill { candidates, .. } => self.add_features(candidates),
            VictoryRule::Exit { area, .. } => {
                let grid = self.scenario.map.grid;
                self.exit_areas
                    .extend(area.hexes.iter().filter_map(|n| grid.parse(n)))
            }
            VictoryRule::All { of, .. } | VictoryRule::Any { of, .. } => {
                for part in of {
                    self.add_rule(part);
                }
            }
            VictoryRule::DestroyAll { .. } | VictoryRule::Points { .. } => {}
        }
    }

    fn add_features(&mut self, codes: &[String]) {
        for code in codes {
            if let Some(f) = self.scenario.map.feature(code) {
                self.objectives.extend(f.hexes.iter().copied());
                self.objective_features.insert(f.code.clone());
            }
        }
    }

    fn add_target(&mut self, t: &Target) {
        self.add_features(&t.features);
        for name in &t.hexes {
            if let Some(h) = self.scenario.map.grid.parse(name) {
                self.objectives.insert(h);
                self.objective_hexes.insert(h);
            }
        }
    }

    pub fn objective_features(&self) -> BTreeSet<&str> {
        self.objective_features.iter().map(String::as_str).collect()
    }

    /// Each side's deployment hexes, tinted in its colour (under the grid lines).
    pub fn draw_tints(&self, surf: &mut dyn Surface, layout: &Layout) {
        for (side, hexes) in self.deploy.iter().enumerate() {
            let c = self.colors[side].alpha(TINT);
            for h in hexes {
                surf.fill(&[layout.corners_at(*h, self.radius + 0.5).to_vec()], c);
            }
        }
    }

    /// Zone borders, entry outlines and objective outlines (over the grid, hexsides and routes).
    /// Zone borders run just inside a zone; entry and objective outlines straddle the outer
    /// sides of their hexes on a contrasting casing, so that they leave hex numbers clear.
    pub fn draw_marks(&self, surf: &mut dyn Surface, layout: &Layout, st: &Style) {
        for (side, hexes) in self.deploy.iter().enumerate() {
            let c = self.colors[side].shade(0.85);
            let offset = st.grid / 2.0 + st.border / 2.0;
            region_border(surf, layout, hexes, offset, st.border, c, false);
        }
        let ring = |surf: &mut dyn Surface, hexes, casing: Color, c: Color, dashed| {
            region_border(surf, layout, hexes, 0.0, st.outline + 2.0, casing, dashed);
            region_border(surf, layout, hexes, 0.0, st.outline, c, dashed);
        };
        for (side, _, hexes) in &self.entries {
            ring(surf, hexes, PAPER, self.colors[*side], false);
        }
        ring(surf, &self.objectives, INK, GOLD, false);
        ring(surf, &self.exit_areas, INK, GOLD, true);
    }

    /// Turn tags on entry hexes ("T3") and stars on objective hexes named one by one.
    pub fn labels(&self, layout: &Layout) -> Vec<Label> {
        let r = self.radius;
        let mut out = Vec::new();
        for (side, turn, hexes) in &self.entries {
            // The hex of the entry nearest its middle.
            let n = hexes.len().max(1) as f64;
            let (sx, sy) = hexes.iter().fold((0.0, 0.0), |(x, y), h| {
                let (cx, cy) = layout.center(*h);
                (x + cx, y + cy)
            });
            let mid = (sx / n, sy / n);
            let Some(hex) = hexes.iter().min_by(|a, b| {
                dist2(layout.center(**a), mid).total_cmp(&dist2(layout.center(**b), mid))
            }) else {
                continue;
            };
            let (cx, cy) = layout.center(*hex);
            out.push(Label {
                text: format!("T{turn}"),
                anchor: (cx, cy + 0.42 * r),
                star: false,
                border: self.colors[*side],
            });
        }
        for h in &self.objective_hexes {
            let in_feature = self
                .scenario
                .map
                .features_at(*h)
                .any(|f| self.objective_features.contains(&f.code));
            if !in_feature {
                out.push(Label {
                    text: String::new(),
                    anchor: layout.center(*h),
                    star: true,
                    border: INK,
                });
            }
        }
        out
    }

    /// The title and legend strip, `width` pixels wide, under the map, which ends at `top`:
    /// the title at the left, the scale bar at the right end, the legend and the map's key
    /// under them.
    pub fn draw_strip(&self, surf: &mut dyn Surface, width: u32, top: u32, st: &Style) {
        let strip = strip_lines(self.scenario, width, st);
        surf.rect(
            0,
            top as i64,
            width as i64,
            st.label_k as i64,
            INK.alpha(0.6),
        );
        let y0 = top as i64 + strip_pad(st);
        if let Some(bar) = &strip.bar {
            furniture::draw_scale_bar(
                surf,
                self.scenario.map.scale,
                across(st),
                bar.x,
                y0 as f64 + st.label_k as f64,
                bar.max_w,
                st.label_k,
            );
        }
        let tec = self.scenario.map.ruleset.terrain_chart().ok();
        let looks = tec.map(Looks::new);
        let mut y = y0;
        for line in &strip.lines {
            for (x, item) in &line.items {
                let x = *x;
                let k = line.k as i64;
                // A legend line taller than its text (for the key's hexes): the text in its
                // middle.
                let ty = if line.legend {
                    y + (line.height - 13 * k).max(0) / 2
                } else {
                    y
                };
                match item {
                    Item::Text(t) => surf.text(t, x, ty, line.k, Font::Label, INK),
                    Item::Key(swatch, t) => {
                        let sw = Box {
                            x,
                            y: ty - k,
                            w: 9 * k,
                            h: 9 * k,
                        };
                        draw_swatch(surf, swatch, sw, st);
                        surf.text(t, x + 12 * k, ty, line.k, Font::Label, INK);
                    }
                    Item::Chart(entry, t) => {
                        let r = chart_swatch(st);
                        let c = (x as f64 + r, ty as f64 + 3.5 * k as f64);
                        if let (Some(tec), Some(looks)) = (tec, &looks) {
                            furniture::draw_swatch(surf, tec, looks, entry, c, r);
                        }
                        let tx = x + (2.0 * r).ceil() as i64 + 3 * k;
                        surf.text(t, tx, ty, line.k, Font::Label, INK);
                    }
                }
            }
            y += line.height;
        }
    }
}

/// Pixels across a hex from side to side at the style's scale.
fn across(st: &Style) -> f64 {
    st.scale / 2.0 * SQRT3
}

/// The radius of a key entry's hex in the strip: large enough that its texture shows.
fn chart_swatch(st: &Style) -> f64 {
    (6.0 * st.label_k as f64).max(8.0)
}

fn dist2(a: Pt, b: Pt) -> f64 {
    (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)
}

/// The outer boundary of a set of hexes, its centre line `offset` pixels inside the hexes'
/// sides (0: on the sides).
fn region_border(
    surf: &mut dyn Surface,
    layout: &Layout,
    hexes: &BTreeSet<HexCoord>,
    offset: f64,
    width: f64,
    c: Color,
    dashed: bool,
) {
    let r = layout.radius() - offset / (SQRT3 / 2.0);
    if r <= 0.0 {
        return;
    }
    for h in hexes {
        let corners = layout.corners_at(*h, r);
        for (i, n) in layout.neighbours(*h).iter().enumerate() {
            if n.is_some_and(|n| hexes.contains(&n)) {
                continue;
            }
            let (a, b) = (corners[i], corners[(i + 1) % 6]);
            if dashed {
                let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                for (t0, t1) in [(0.08, 0.38), (0.62, 0.92)] {
                    surf.stroke(&[at(t0), at(t1)], width, c);
                }
            } else {
                surf.stroke(&[a, b], width, c);
            }
        }
    }
}

#[derive(Clone, Debug)]
enum Swatch {
    Tint(Color),
    Ring(Color),
    Star,
    Dashed,
}

#[derive(Clone, Debug)]
enum Item {
    Text(String),
    Key(Swatch, String),
    /// An entry of the map's key, its swatch drawn as the map draws it.
    Chart(Entry, String),
}

/// The strip's scale bar: its left end and the longest it may be.
struct Bar {
    x: f64,
    max_w: f64,
}

/// What the strip holds: its lines and the scale bar beside the title.
struct Strip {
    lines: Vec<Line>,
    bar: Option<Bar>,
}

struct Line {
    k: u32,
    height: i64,
    /// A legend line: its items in the middle of its height.
    legend: bool,
    /// Left x of each item.
    items: Vec<(i64, Item)>,
}

fn strip_pad(st: &Style) -> i64 {
    5 * st.label_k as i64 + 2
}

fn draw_swatch(surf: &mut dyn Surface, s: &Swatch, b: Box, st: &Style) {
    let k = st.label_k as i64;
    let clear = Color::rgb(0xe8, 0xe2, 0xc4);
    let c = (b.x as f64 + b.w as f64 / 2.0, b.y as f64 + b.h as f64 / 2.0);
    match s {
        Swatch::Tint(col) => {
            surf.rect(b.x, b.y, b.w, b.h, clear);
            surf.rect(b.x, b.y, b.w, b.h, col.alpha(TINT));
            surf.rect(b.x, b.y, b.w, k, col.shade(0.85));
            surf.rect(b.x, b.y + b.h - k, b.w, k, col.shade(0.85));
            surf.rect(b.x, b.y, k, b.h, col.shade(0.85));
            surf.rect(b.x + b.w - k, b.y, k, b.h, col.shade(0.85));
        }
        Swatch::Ring(col) => {
            surf.rect(b.x, b.y, b.w, b.h, clear);
            let t = 2 * k;
            surf.rect(b.x, b.y, b.w, t, *col);
            surf.rect(b.x, b.y + b.h - t, b.w, t, *col);
            surf.rect(b.x, b.y, t, b.h, *col);
            surf.rect(b.x + b.w - t, b.y, t, b.h, *col);
        }
        Swatch::Star => draw_star(surf, c, b.w as f64 / 2.0),
        Swatch::Dashed => {
            surf.rect(b.x, b.y, b.w, b.h, clear);
            let t = 2 * k;
            let d = b.w / 3;
            for (x, w) in [(b.x, d), (b.x + b.w - d, d)] {
                surf.rect(x, b.y, w, t, GOLD);
                surf.rect(x, b.y + b.h - t, w, t, GOLD);
            }
            for (y, h) in [(b.y, d), (b.y + b.h - d, d)] {
                surf.rect(b.x, y, t, h, GOLD);
                surf.rect(b.x + b.w - t, y, t, h, GOLD);
            }
        }
    }
}

/// The legend's entries: what this scenario's picture shows.
fn legend(s: &Scenario, scale: f64) -> Vec<Item> {
    let colors = side_colors(s);
    let mut out = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        if s.deployments.iter().any(|d| d.side == i) {
            out.push(Item::Key(
                Swatch::Tint(colors[i]),
                fold(&format!("{} deploys", side.name)),
            ));
        }
    }
    for (i, side) in s.sides.iter().enumerate() {
        if s.reinforcements.iter().any(|r| r.side == i) {
            out.push(Item::Key(
                Swatch::Ring(colors[i]),
                fold(&format!("{} enters (turn)", side.name)),
            ));
        }
    }
    let has = |f: fn(&VictoryRule) -> bool| {
        s.file
            .victory
            .iter()
            .any(|v| v.rule.shared().is_some_and(f))
    };
    if has(|r| {
        matches!(
            r,
            VictoryRule::Hold { .. }
                | VictoryRule::HoldForTurns { .. }
                | VictoryRule::ControlDeployedHill { .. }
        )
    }) {
        out.push(Item::Key(Swatch::Star, "OBJECTIVE".to_string()));
    }
    if has(|r| matches!(r, VictoryRule::Exit { .. })) {
        out.push(Item::Key(Swatch::Dashed, "EXIT AREA".to_string()));
    }
    out.push(Item::Text(format!("{} GAME-TURNS", s.file.game_length)));
    // The map's key from the scale hex numbers are drawn at (2 x `lod.hex_numbers` px a hex):
    // smaller, its swatches cannot be read (a Library thumbnail keeps its map large instead).
    if let Ok(tec) = s.map.ruleset.terrain_chart()
        && scale >= 2.0 * tec.look.lod.hex_numbers as f64
    {
        for (entry, name) in furniture::entries(&s.map, tec) {
            out.push(Item::Chart(entry, fold(&name)));
        }
    }
    out
}

/// Words of `text` in lines no wider than `width` at scale `k`.
fn wrap(text: &str, width: i64, k: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        let candidate = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if cur.is_empty() || Font::Label.width(&candidate, k) as i64 <= width {
            cur = candidate;
        } else {
            lines.push(std::mem::replace(&mut cur, word.to_string()));
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

fn strip_lines(s: &Scenario, width: u32, st: &Style) -> Strip {
    let pad = strip_pad(st);
    let avail = width as i64 - 2 * pad;
    let k = st.label_k;
    // The scale bar at the right end of the title's lines, at most a quarter of the width
    // and six hexes long; left out when it would leave the title less than half the width.
    let max_w = (avail as f64 / 4.0).min(6.0 * across(st));
    let bar = furniture::scale_bar_size(s.map.scale, across(st), max_w, k)
        .filter(|(w, _, _)| *w <= avail as f64 / 2.0)
        .map(|(w, h, bar_w)| {
            let x = (pad + avail) as f64 - bar_w - 1.0;
            (Bar { x, max_w }, w, h)
        });
    let title_avail = bar
        .as_ref()
        .map_or(avail, |(_, w, _)| avail - w.ceil() as i64 - 6 * k as i64);
    let title = fold(&s.file.title);
    // The title one size up, smaller if its longest word would not fit.
    let widest = |k: u32| {
        title
            .split_whitespace()
            .map(|w| Font::Label.width(w, k) as i64)
            .max()
            .unwrap_or(0)
    };
    let mut tk = k + 1;
    while tk > 1 && widest(tk) > title_avail {
        tk -= 1;
    }
    let mut lines = Vec::new();
    let text_line = |t: String, k: u32| Line {
        k,
        height: 10 * k as i64,
        legend: false,
        items: vec![(pad, Item::Text(t))],
    };
    for t in wrap(&title, title_avail, tk) {
        lines.push(text_line(t, tk));
    }
    let mut sub = s.file.date.clone();
    if !s.file.portion.is_empty() {
        sub = format!("{sub} - {}", s.file.portion);
    }
    for t in wrap(&fold(&sub), title_avail, k) {
        lines.push(text_line(t, k));
    }
    if let Some(last) = lines.last_mut() {
        last.height += 4 * k as i64;
    }
    // The title's lines are at least as tall as the scale bar beside them.
    if let Some((_, _, h)) = &bar {
        let used: i64 = lines.iter().map(|l| l.height).sum();
        let need = h.ceil() as i64 + 2 * k as i64;
        if let Some(last) = lines.last_mut()
            && used < need
        {
            last.height += need - used;
        }
    }
    // Legend entries flow left to right, wrapping.
    let ki = k as i64;
    let chart_h = (2.0 * chart_swatch(st) * SQRT3 / 2.0).ceil() as i64 + 2 * ki;
    let mut line = Line {
        k,
        height: 13 * ki,
        legend: true,
        items: Vec::new(),
    };
    let mut x = pad;
    for item in legend(s, st.scale) {
        let (w, h) = match &item {
            Item::Text(t) => (Font::Label.width(t, k) as i64, 13 * ki),
            Item::Key(_, t) => (12 * ki + Font::Label.width(t, k) as i64, 13 * ki),
            Item::Chart(_, t) => {
                let sw = (2.0 * chart_swatch(st)).ceil() as i64 + 3 * ki;
                (sw + Font::Label.width(t, k) as i64, chart_h.max(13 * ki))
            }
        };
        if w > avail {
            // Too wide for the picture (a thumbnail): left out.
            continue;
        }
        if !line.items.is_empty() && x + w > pad + avail {
            lines.push(std::mem::replace(
                &mut line,
                Line {
                    k,
                    height: 13 * ki,
                    legend: true,
                    items: Vec::new(),
                },
            ));
            x = pad;
        }
        line.height = line.height.max(h);
        line.items.push((x, item));
        x += w + 10 * ki;
    }
    if !line.items.is_empty() {
        lines.push(line);
    }
    Strip {
        lines,
        bar: bar.map(|(b, _, _)| b),
    }
}

/// Height of the strip under the map for this scenario at this layout and scale.
pub(super) fn strip_height(s: &Scenario, layout: &Layout, scale: u32) -> u32 {
    let st = Style::new(scale);
    let strip = strip_lines(s, layout.size().0, &st);
    (2 * strip_pad(&st) + strip.lines.iter().map(|l| l.height).sum::<i64>()) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_colour_names() {
        assert_eq!(named_color("Red"), Some(DEFAULT_SIDES[1]));
        assert_eq!(named_color("#102030"), Some(Color::rgb(0x10, 0x20, 0x30)));
        assert_eq!(named_color("chartreuse-ish"), None);
    }

    #[test]
    fn wrapping_keeps_lines_within_the_width() {
        let lines = wrap("SKIRMISH AT THE CROSSROADS", 100, 1);
        assert_eq!(lines, ["SKIRMISH AT THE", "CROSSROADS"]);
        assert!(lines.iter().all(|l| Font::Label.width(l, 1) <= 100));
        assert_eq!(
            wrap("ONE", 1, 1),
            ["ONE"],
            "a word wider than the line stands alone"
        );
    }
}

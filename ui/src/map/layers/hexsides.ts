// Hexside features drawn as the chart's looks say (`HexsideLook`, as src/render/cartography.rs
// draws them): water as a band between two banks, meandering; crests as a line with ticks down
// the slope, on the lower hex's side (both sides on a level top), the ticks only from
// `lod.hachure_ticks`; lined features (walls, hedges) as a line with glyphs every gap, the
// glyphs dropped below the same threshold; crossings (bridges, fords) as a glyph across the
// side's middle, over the water. A feature without a look is a plain line in its colour, and one
// the chart does not know is magenta. Several features on a side are drawn side by side.
//
// Passes, as the core's: every side's banks, then every side's water (so that sides join
// cleanly at corners), crests and plain lines, lined features, crossings. Within a pass the
// strokes and fills of one colour and width are one path.

import type { MapModel } from "../../store/map";
import { SQRT3 } from "../geometry";
import { dashes, meander, tickWedges, type Pt } from "../lines";
import type { Layer, TileScene } from "./layer";
import { GlyphCache } from "../look";
import { GlyphBatch, hexSeed, lighten, lineWidth, looksOf, type HexsideLook, type Looks } from "./glyph-batch";

const UNKNOWN = "#ff00ff";
/** A crossing's light part when the look gives none: the core's paper. */
const PAPER = "#faf8f1";

/** One feature on its side, ready to draw. */
export interface Side {
  p: Pt;
  q: Pt;
  /** Unit vector from hex a's centre to hex b's. */
  d: Pt;
  levels: [number, number];
  seed: number;
  look: HexsideLook | null;
  color: string;
  plain: number;
}

/** Strokes or fills grouped by colour and width: one path each. */
class Ink {
  private paths = new Map<string, { path: Path2D; color: string; width: number }>();

  path(color: string, width = 0): Path2D {
    const key = `${color}|${width}`;
    let e = this.paths.get(key);
    if (!e) this.paths.set(key, (e = { path: new Path2D(), color, width }));
    return e.path;
  }

  stroke(ctx: CanvasRenderingContext2D): void {
    for (const { path, color, width } of this.paths.values()) {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.stroke(path);
    }
    this.paths.clear();
  }

  fill(ctx: CanvasRenderingContext2D): void {
    for (const { path, color } of this.paths.values()) {
      ctx.fillStyle = color;
      ctx.fill(path);
    }
    this.paths.clear();
  }
}

function polyline(p: Path2D, pts: Pt[]): void {
  pts.forEach(([x, y], k) => (k === 0 ? p.moveTo(x, y) : p.lineTo(x, y)));
}

export class HexsidesLayer implements Layer {
  readonly id = "hexsides";
  readonly label = "Hexsides";
  visible = true;
  private looks: Looks | null = null;
  private glyphs = new GlyphCache(null);
  /** Per feature key: its look (null: a plain line) and colour. */
  private byKey = new Map<string, { look: HexsideLook | null; color: string }>();

  attach(m: MapModel): void {
    this.looks = looksOf(m);
    this.glyphs = new GlyphCache(this.looks);
    this.byKey.clear();
    m.palette.hexsides.forEach((h) => this.byKey.set(h.key, { look: this.looks?.hexsides[h.key] ?? null, color: h.color }));
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, visible, pxPerUnit: ppu }: TileScene): void {
    const px = 1 / ppu;
    const lod = this.looks?.chart.lod;
    const ticks = ppu >= (lod?.hachure_ticks ?? 9);
    const sides: Side[] = [];
    for (const s of m.hexsides.values()) {
      if (!visible.has(s.a) && !visible.has(s.b)) continue;
      // As the core's Layout::hexside: p to q clockwise round hex a.
      const [q, p] = g.side(s.a, s.b);
      const d: Pt = [(g.cx[s.b] - g.cx[s.a]) / SQRT3, (g.cy[s.b] - g.cy[s.a]) / SQRT3];
      const n = s.features.length;
      // The core's plain width: a seventh of the hex's height, at least 2 px; 3/4 of it shared.
      const plain = Math.max(2 * px, 2 / 7) * (n > 1 ? 0.75 : 1);
      const seed = (hexSeed(g.col(s.a) + 1, g.row(s.a) + 1) ^ hexSeed(g.col(s.b) + 1, g.row(s.b) + 1)) >>> 0;
      const levels: [number, number] = [m.elevation[s.a], m.elevation[s.b]];
      s.features.forEach((f, k) => {
        const off = (k - (n - 1) / 2) * plain * 1.15;
        const shift = ([x, y]: Pt): Pt => [x + d[0] * off, y + d[1] * off];
        const known = this.byKey.get(f);
        sides.push({ p: shift(p), q: shift(q), d, levels, seed, look: known?.look ?? null, color: known?.color ?? UNKNOWN, plain });
      });
    }
    drawSides(ctx, sides, this.glyphs, ppu, ticks);
  }
}

/** Hexside features on their sides, by their looks, in world units at `ppu` device pixels per
 * radius (the layer's tile pass; the terrain key's swatches). `ticks`: crest ticks and lined
 * glyphs drawn (from `lod.hachure_ticks`). */
export function drawSides(ctx: CanvasRenderingContext2D, sides: Side[], glyphs: GlyphCache, ppu: number, ticks: boolean): void {
  if (sides.length === 0) return;
  const px = 1 / ppu;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  const ink = new Ink();
  // 0 and 1: water, banks then the band.
  for (const pass of [0, 1]) {
    for (const s of sides) {
      const l = s.look;
      if (l?.style !== "water") continue;
      const line = meander(s.p, s.q, l.wiggle, (s.seed & 1) === 1);
      const w = Math.max(l.width, 1.5 * px);
      if (pass === 0) polyline(ink.path(l.bank.color, w + 2 * lineWidth(l.bank, ppu)), line);
      else polyline(ink.path(l.water, w), line);
    }
    ink.stroke(ctx);
  }
  // 2: crests and plain lines.
  const wedges = new Ink();
  for (const s of sides) {
    const l = s.look;
    if (l === null) {
      polyline(ink.path(s.color, s.plain), [s.p, s.q]);
    } else if (l.style === "hachures") {
      const w = lineWidth(l.line, ppu);
      polyline(ink.path(l.line.color, w), [s.p, s.q]);
      if (!ticks) continue;
      const [la, lb] = s.levels;
      const path = wedges.path(l.line.color);
      const add = (down: Pt) => {
        for (const t of tickWedges(s.p, s.q, down, w, l.tick_len, l.tick_gap, 2.2 * px)) {
          polyline(path, t);
          path.closePath();
        }
      };
      // Ticks point down-slope: toward the lower hex, both ways on a level top.
      if (la >= lb) add(s.d);
      if (lb >= la) add([-s.d[0], -s.d[1]]);
    }
  }
  ink.stroke(ctx);
  wedges.fill(ctx);
  // 3: lined features, their glyphs when the detail allows.
  const batch = new GlyphBatch(glyphs, ppu);
  for (const s of sides) {
    const l = s.look;
    if (l?.style !== "lined") continue;
    const w = lineWidth(l.line, ppu);
    const pieces = l.line.dash ? dashes([s.p, s.q], l.line.dash[0], l.line.dash[1]) : [[s.p, s.q]];
    for (const piece of pieces) polyline(ink.path(l.line.color, w), piece);
    if (ticks && l.glyph) {
      const c = l.ink ?? l.line.color;
      batch.along(l.glyph, [s.p, s.q], l.gap, l.size, c, lighten(c, 0.45), c);
    }
  }
  ink.stroke(ctx);
  batch.draw(ctx);
  // 4: crossings over everything.
  for (const s of sides) {
    const l = s.look;
    if (l?.style !== "crossing") continue;
    const light = l.light ?? PAPER;
    const mid: Pt = [(s.p[0] + s.q[0]) / 2, (s.p[1] + s.q[1]) / 2];
    // The glyph's y axis runs the way across, from a to b.
    batch.add(l.glyph, mid, l.size, Math.atan2(-s.d[0], s.d[1]), false, l.ink, light, light);
  }
  batch.draw(ctx);
}

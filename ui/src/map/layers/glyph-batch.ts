// What the hexside and route layers share to draw the charts' looks: a line look's width at a
// scale, a colour lightened as the core lightens it, and glyphs (bridges, wall stones, hedge
// bushes) batched: every placement of a glyph part appended to one path with its transform, so
// a tile band fills each part once per colour (as cartography.rs's `draw_glyph` places them).

import type { MapModel } from "../../store/map";
import { along, type Pt } from "../lines";

// --- The looks as the palette carries them (mirrors src/look/mod.rs; replaced by the generated
// types when the looks DTO lands).
export interface LineLook { width: number; min_px: number; color: string; dash?: [number, number] | null }
export type HexsideLook =
  | { style: "hachures"; line: LineLook; tick_len: number; tick_gap: number }
  | { style: "water"; width: number; water: string; bank: LineLook; wiggle: number }
  | { style: "lined"; line: LineLook; glyph?: string | null; gap: number; size: number; ink?: string | null }
  | { style: "crossing"; glyph: string; size: number; ink: string; light?: string | null };
export interface RouteLook { line: LineLook; casing?: LineLook | null; ties?: { gap: number; len: number; width: number } | null }
export interface Lod { symbols_min: number; full_detail: number; hachure_ticks: number; hex_numbers?: number; feature_names?: number }
export interface ChartLook { tint_per_level: number; contour: LineLook; index_every: number; light_deg: number; shade: number; lod: Lod }
export interface GlyphPartDto { d: string; ink: "ink" | "light" | "fill"; stroke: number | null }
export interface Looks {
  glyphs: Record<string, { parts: GlyphPartDto[] }>;
  hexsides: Record<string, HexsideLook>;
  routes: Record<string, RouteLook>;
  chart: ChartLook;
}

export function looksOf(m: MapModel): Looks | null {
  return (m.palette as unknown as { looks?: Looks }).looks ?? null;
}

/** The seed of a hex by its printed column and row (src/look/place.rs `hex_seed`). */
export function hexSeed(col: number, row: number): number {
  let h = (Math.imul(col, 0x9e3779b1) ^ Math.imul(row, 0x85ebca77)) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  h = (h ^ (h >>> 12)) >>> 0;
  h = Math.imul(h, 0x297a2d39) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}
// ---

/** A line look's width in world units (hex radii) at `ppu` device pixels per radius: its width,
 * at least `min_px` pixels (cartography::width). */
export function lineWidth(l: LineLook, ppu: number): number {
  return Math.max(l.width, l.min_px / ppu);
}

/** `#rrggbb` lightened toward white by `f` (cartography::lighten). */
export function lighten(c: string, f: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(c);
  if (!m) return c;
  const n = parseInt(m[1], 16);
  const ch = (v: number) => Math.round(v + (255 - v) * f).toString(16).padStart(2, "0");
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}

const paths = new Map<string, Path2D>();
function pathOf(d: string): Path2D {
  let p = paths.get(d);
  if (!p) paths.set(d, (p = new Path2D(d)));
  return p;
}

/** Glyph placements gathered per part, colour and stroke width, then drawn one path each. */
export class GlyphBatch {
  private parts = new Map<string, { path: Path2D; color: string; width: number }>();

  constructor(private looks: Looks | null, private ppu: number) {}

  /** Glyph `kind` with its unit box `k` world units, turned by `turn` (radians, clockwise on
   * screen), mirrored first if `mirror`, its origin at `at`. Too small to see (under 0.9 px):
   * left out, as the core does. */
  add(kind: string, at: Pt, k: number, turn: number, mirror: boolean, ink: string, light: string, under: string): void {
    const g = this.looks?.glyphs[kind];
    if (!g || k * this.ppu < 0.7) return;
    const c = Math.cos(turn), s = Math.sin(turn), m = mirror ? -1 : 1;
    const t = new DOMMatrix([k * c * m, k * s * m, -k * s, k * c, at[0], at[1]]);
    g.parts.forEach((part, n) => {
      const color = part.ink === "ink" ? ink : part.ink === "light" ? light : under;
      // A stroke at least 0.6 px wide, as the core's.
      const width = part.stroke !== null ? Math.max(part.stroke * k, 0.6 / this.ppu) : 0;
      // Grouped by part: every placement's first part, then every second part… (placements
      // along a line or one per side do not overlap, so the order across them does not show).
      const key = `${kind}|${n}|${color}|${width}`;
      let e = this.parts.get(key);
      if (!e) this.parts.set(key, (e = { path: new Path2D(), color, width }));
      e.path.addPath(pathOf(part.d), t);
    });
  }

  /** Glyphs every `gap` along a polyline, turned along it (a wall's stones, a hedge's bushes). */
  along(kind: string, pts: Pt[], gap: number, k: number, ink: string, light: string, under: string): void {
    for (const [p, d] of along(pts, gap)) this.add(kind, p, k, Math.atan2(d[1], d[0]), false, ink, light, under);
  }

  draw(ctx: CanvasRenderingContext2D): void {
    for (const { path, color, width } of this.parts.values()) {
      if (width > 0) {
        ctx.strokeStyle = color;
        ctx.lineWidth = width;
        ctx.stroke(path);
      } else {
        ctx.fillStyle = color;
        ctx.fill(path);
      }
    }
    this.parts.clear();
  }
}

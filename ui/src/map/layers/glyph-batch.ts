// What the hexside and route layers share to draw the charts' looks: the palette's looks, a line
// look's width at a scale, and glyphs (bridges, wall stones, hedge bushes) batched: every
// placement of a glyph part appended to one path with its transform, so a tile band fills each
// part once per colour (as cartography.rs's `draw_glyph` places them).

import type { MapModel } from "../../store/map";
import type { LineLook, Looks } from "../../ipc/generated";
import { along, type Pt } from "../lines";
import { glyphMatrix, type GlyphCache } from "../look";

export type { ChartLook, HexsideLook, LineLook, Looks, RouteLook } from "../../ipc/generated";
export { hexSeed, lighten } from "../look";

export function looksOf(m: MapModel): Looks | null {
  return m.palette.looks ?? null;
}

/** A line look's width in world units (hex radii) at `ppu` device pixels per radius: its width,
 * at least `min_px` pixels (cartography::width). */
export function lineWidth(l: LineLook, ppu: number): number {
  return Math.max(l.width, l.min_px / ppu);
}

/** Glyph placements gathered per part, colour and stroke width, then drawn one path each. */
export class GlyphBatch {
  private parts = new Map<string, { path: Path2D; color: string; width: number }>();

  constructor(private glyphs: GlyphCache, private ppu: number) {}

  /** Glyph `kind` with its unit box `k` world units, turned by `turn` (radians, clockwise on
   * screen), mirrored first if `mirror`, its origin at `at`. Under 0.7 px: left out, as the
   * core leaves out a lined look's glyphs. */
  add(kind: string, at: Pt, k: number, turn: number, mirror: boolean, ink: string, light: string, under: string): void {
    if (k * this.ppu < 0.7) return;
    const t = glyphMatrix(at[0], at[1], k, turn, mirror);
    this.glyphs.get(kind).forEach((part, n) => {
      const color = part.ink === "ink" ? ink : part.ink === "light" ? light : under;
      // A stroke at least 0.6 px wide, as the core's.
      const width = part.stroke !== null ? Math.max(part.stroke * k, 0.6 / this.ppu) : 0;
      // Grouped by part: every placement's first part, then every second part… (placements
      // along a line or one per side do not overlap, so the order across them does not show).
      const key = `${kind}|${n}|${color}|${width}`;
      let e = this.parts.get(key);
      if (!e) this.parts.set(key, (e = { path: new Path2D(), color, width }));
      e.path.addPath(part.path, t);
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

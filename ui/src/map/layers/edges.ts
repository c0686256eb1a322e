// Terrain edges: a wood's edge, a river's bank, drawn on the terrain's own side of each side it
// shares with another terrain, inset by half the line's width (the terrain look's `edge`, style
// `lined`, as src/render/draw.rs draws them after the textures), with the look's glyphs along
// it when zoomed in past `lod.hachure_ticks`. Shown with the terrain layer.

import type { HexsideLook, LineLook, Lod } from "../../ipc/generated";
import type { MapModel } from "../../store/map";
import { SQRT3 } from "../geometry";
import { GlyphCache, glyphMatrix, lighten, type GlyphPartPath } from "../look";
import { along, dashes, type Pt } from "../lines";
import type { Layer, TileScene } from "./layer";

/** A lined edge ready to draw. */
interface EdgeDraw {
  line: LineLook;
  glyph: GlyphPartPath[];
  gap: number;
  size: number;
  ink: string;
  light: string;
}

export class EdgesLayer implements Layer {
  readonly id = "edges";
  visible = true;
  /** Per palette index: its terrain's edge, if it has one. */
  private edges: (EdgeDraw | null)[] = [];
  private lod: Lod | null = null;

  constructor(private terrain: Layer) {}

  attach(model: MapModel): void {
    const looks = model.palette.looks ?? null;
    const glyphs = new GlyphCache(looks);
    this.lod = looks?.chart.lod ?? null;
    this.edges = model.palette.terrain.map((t) => {
      const e: HexsideLook | null | undefined = looks?.terrain[t.key]?.edge;
      if (!e || e.style !== "lined") return null;
      const ink = e.ink ?? e.line.color;
      return { line: e.line, glyph: e.glyph ? glyphs.get(e.glyph) : [], gap: e.gap, size: e.size, ink, light: lighten(ink, 0.45) };
    });
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, cells, pxPerUnit }: TileScene): void {
    if (!this.terrain.visible || !this.edges.some((e) => e)) return;
    const glyphsToo = this.lod !== null && pxPerUnit >= this.lod.hachure_ticks;
    const corner0 = g.spec.orientation === "flat" ? 0 : Math.PI / 6;
    /** Per palette index: the edge's lines, and its glyphs per part. */
    const lines = new Map<number, Path2D>();
    const marks = new Map<number, Path2D[]>();
    for (const i of cells) {
      const t = m.terrain[i];
      const e = this.edges[t];
      if (!e) continue;
      const w = Math.max(e.line.width, e.line.min_px / pxPerUnit);
      // The side moved in by half the line's width: corners at a smaller radius.
      const r = 1 - w / SQRT3;
      for (let k = 0; k < 6; k++) {
        const n = m.neighbours[i * 6 + k];
        if (n < 0 || m.terrain[n] === t) continue;
        const a0 = corner0 + (Math.PI / 3) * k, a1 = a0 + Math.PI / 3;
        const pts: Pt[] = [
          [g.cx[i] + r * Math.cos(a0), g.cy[i] + r * Math.sin(a0)],
          [g.cx[i] + r * Math.cos(a1), g.cy[i] + r * Math.sin(a1)],
        ];
        let p = lines.get(t);
        if (!p) { p = new Path2D(); lines.set(t, p); }
        const pieces = e.line.dash ? dashes(pts, e.line.dash[0], e.line.dash[1]) : [pts];
        for (const piece of pieces) {
          p.moveTo(piece[0][0], piece[0][1]);
          for (let q = 1; q < piece.length; q++) p.lineTo(piece[q][0], piece[q][1]);
        }
        // Glyphs under about a pixel are not drawn.
        if (!glyphsToo || e.glyph.length === 0 || e.size * pxPerUnit < 0.7) continue;
        let parts = marks.get(t);
        if (!parts) { parts = e.glyph.map(() => new Path2D()); marks.set(t, parts); }
        for (const [at, d] of along(pts, e.gap)) {
          const mat = glyphMatrix(at[0], at[1], e.size, Math.atan2(d[1], d[0]), false);
          e.glyph.forEach((part, k) => parts![k].addPath(part.path, mat));
        }
      }
    }
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    for (const t of [...lines.keys()].sort((a, b) => a - b)) {
      const e = this.edges[t]!;
      ctx.strokeStyle = e.line.color;
      ctx.lineWidth = Math.max(e.line.width, e.line.min_px / pxPerUnit);
      ctx.stroke(lines.get(t)!);
      const parts = marks.get(t);
      if (!parts) continue;
      e.glyph.forEach((part, k) => {
        // A lined look's glyphs knock out in their own ink (`cartography::draw_lined`).
        const colour = part.ink === "light" ? e.light : e.ink;
        if (part.stroke === null) {
          ctx.fillStyle = colour;
          ctx.fill(parts[k]);
        } else {
          ctx.strokeStyle = colour;
          ctx.lineWidth = Math.max(part.stroke * e.size, 0.6 / pxPerUnit);
          ctx.stroke(parts[k]);
        }
      });
    }
  }
}

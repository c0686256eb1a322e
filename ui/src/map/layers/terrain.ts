// Terrain: each hex filled as the core's pictures fill it (src/render/cartography.rs): the
// terrain look's fill (else its colour), darker per elevation level and hill-shaded while the
// elevation layer is shown; then each terrain's texture (trees, houses, hachures) placed from
// the hex's seed, fewer when zoomed out (the chart's `lod`), none below `lod.symbols_min`.
// Unknown terrain (a map opened with that problem) is magenta. Under it, the paper layer: blank
// hexes, drawn only while the terrain layer is hidden.

import type { GlyphInk, Lod, Texture } from "../../ipc/generated";
import type { MapModel } from "../../store/map";
import { GlyphCache, glyphMatrix, hexSeed, hillStep, lodAt, pick, shadedFill, stepFactor, type GlyphPartPath } from "../look";
import { hexPath, rgb, type Layer, type TileScene } from "./layer";

const PAPER = "#faf8f1";
const UNKNOWN = "#ff00ff";

/** A texture ready to draw: its glyph's parts and its placements per variant. */
interface TextureDraw {
  look: Texture;
  parts: GlyphPartPath[];
  variants: Float32Array[];
}

/** One (texture, part)'s glyphs in a band: placements appended, one fill or stroke. */
interface Accumulated {
  part: GlyphPartPath;
  texture: TextureDraw;
  /** By colour: a part in the hex's fill (a knock-out) takes each hex's own. */
  paths: Map<string, Path2D>;
}

export class TerrainLayer implements Layer {
  readonly id = "terrain";
  readonly label = "Terrain";
  visible = true;
  /** Per palette index: the fill's RGB; the last entry is for unknown terrain. */
  private fills: [number, number, number][] = [];
  /** Fill styles by palette index, level and hill-shade step (`styleKey`). */
  private styles = new Map<number, string>();
  private textures: (TextureDraw | null)[] = [];
  private tintPerLevel = 0.07;
  private shade = 0;
  private lightDeg = 315;
  private lod: Lod | null = null;
  /** Per hex crossed by a route: the turn a centred glyph takes along it (a bridge, a ford). */
  private turns = new Map<number, number>();
  private turnsOf: { model: MapModel | null; version: number } = { model: null, version: -1 };
  /** Neighbours' directions and levels of one hex (hillStep's input), reused. */
  private nbs = new Float64Array(18);

  /** `shaded`: whether levels darken and hills shade the fill (the elevation layer is shown). */
  constructor(private shaded: () => boolean) {}

  attach(model: MapModel): void {
    const looks = model.palette.looks ?? null;
    const glyphs = new GlyphCache(looks);
    this.fills = model.palette.terrain.map((t) => rgb(looks?.terrain[t.key]?.fill ?? t.color));
    this.textures = model.palette.terrain.map((t) => {
      const look = looks?.terrain[t.key]?.texture;
      return look ? { look, parts: glyphs.get(look.glyph), variants: look.variants.map((v) => Float32Array.from(v)) } : null;
    });
    this.styles.clear();
    this.tintPerLevel = looks?.chart.tint_per_level ?? 0.07;
    this.shade = looks?.chart.shade ?? 0;
    this.lightDeg = looks?.chart.light_deg ?? 315;
    this.lod = looks?.chart.lod ?? null;
    this.turnsOf = { model: null, version: -1 };
  }

  /** The fill of hex i (`Looks::fill`). */
  private fillStyle(m: MapModel, i: number, shaded: boolean): string {
    const t = m.terrain[i];
    if (t >= this.fills.length) return UNKNOWN;
    const level = shaded ? m.elevation[i] : 0;
    let step = 0;
    if (shaded && this.shade !== 0) {
      let n = 0;
      for (let k = 0; k < 6; k++) {
        const nb = m.neighbours[i * 6 + k];
        if (nb < 0) continue;
        this.nbs[n * 3] = m.sideDirs[k * 2];
        this.nbs[n * 3 + 1] = m.sideDirs[k * 2 + 1];
        this.nbs[n * 3 + 2] = m.elevation[nb];
        n++;
      }
      step = hillStep(level, this.nbs, n, this.lightDeg);
    }
    const key = (t * 16 + level) * 16 + step + 4;
    let s = this.styles.get(key);
    if (s === undefined) {
      const [r, g, b] = shadedFill(this.fills[t], level, this.tintPerLevel, stepFactor(step, this.shade));
      s = `rgb(${r},${g},${b})`;
      this.styles.set(key, s);
    }
    return s;
  }

  /** The turn of a centred glyph in each hex a route crosses: along the route, from the hex
   * before to the hex after (the first route through a hex decides), as the pictures turn a
   * bridge along its road. */
  private routeTurns(m: MapModel): Map<number, number> {
    if (this.turnsOf.model === m && this.turnsOf.version === m.version) return this.turns;
    const g = m.grid;
    this.turns = new Map();
    for (const r of m.routes) {
      const h = r.hexes;
      for (let i = 0; i < h.length; i++) {
        const a = h[Math.max(0, i - 1)], b = h[Math.min(h.length - 1, i + 1)];
        if (a === b || this.turns.has(h[i])) continue;
        // Unit (0, 1) turned by t is (-sin t, cos t): the glyph's y along a to b.
        this.turns.set(h[i], Math.atan2(-(g.cx[b] - g.cx[a]), g.cy[b] - g.cy[a]));
      }
    }
    this.turnsOf = { model: m, version: m.version };
    return this.turns;
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, cells, pxPerUnit }: TileScene): void {
    // Hexes grown by a fraction of a pixel, so that no seam shows between them.
    const grow = 0.6 / pxPerUnit;
    const shaded = this.shaded();
    const paths = new Map<string, Path2D>();
    const styles: string[] = new Array(cells.length);
    for (let c = 0; c < cells.length; c++) {
      const i = cells[c];
      const style = (styles[c] = this.fillStyle(m, i, shaded));
      let p = paths.get(style);
      if (!p) { p = new Path2D(); paths.set(style, p); }
      hexPath(p, g, i, 1 + grow);
    }
    // In a fixed order (hexes overlap by a fraction of a pixel): a tile drawn in bands and
    // one drawn whole get the same pixels.
    for (const [style, p] of [...paths].sort((a, b) => (a[0] < b[0] ? -1 : 1))) { ctx.fillStyle = style; ctx.fill(p); }
    const level = this.lod ? lodAt(pxPerUnit, this.lod) : null;
    if (level !== null) this.drawTextures(ctx, m, cells, styles, pxPerUnit, level);
  }

  /** Every texture's glyphs in these hexes down to placement lod `level`: one path per
   * (texture, part) with each placement appended by its matrix, then one fill (or stroke)
   * each, texture by texture and part by part (`cartography::draw_texture`). */
  private drawTextures(ctx: CanvasRenderingContext2D, m: MapModel, cells: number[], styles: string[], pxPerUnit: number, level: number): void {
    const g = m.grid;
    let turns: Map<number, number> | null = null;
    const acc = new Map<number, Accumulated>();
    for (let c = 0; c < cells.length; c++) {
      const i = cells[c];
      const t = m.terrain[i];
      const tx = this.textures[t];
      // Glyphs under about a pixel are not drawn.
      if (!tx || tx.look.size * pxPerUnit < 0.9) continue;
      const [v, mirrored] = pick(hexSeed(g.col(i) + 1, g.row(i) + 1));
      const centre = tx.look.arrange === "centre";
      // A centred glyph is not mirrored (a fort's trace, a bridge along its road).
      const mirror = mirrored && !centre;
      const sgn = mirror ? -1 : 1;
      const turnTo = centre ? (turns ??= this.routeTurns(m)).get(i) : undefined;
      const ps = tx.variants[v];
      const x0 = g.cx[i], y0 = g.cy[i];
      for (let q = 0; q < ps.length; q += 5) {
        if (ps[q + 4] > level) continue;
        const mat = glyphMatrix(x0 + sgn * ps[q], y0 + ps[q + 1], tx.look.size * ps[q + 2], turnTo ?? sgn * ps[q + 3], mirror);
        for (let k = 0; k < tx.parts.length; k++) {
          const key = t * 64 + k;
          let a = acc.get(key);
          if (!a) { a = { part: tx.parts[k], texture: tx, paths: new Map() }; acc.set(key, a); }
          const colour = this.ink(tx, a.part.ink, styles[c]);
          let p = a.paths.get(colour);
          if (!p) { p = new Path2D(); a.paths.set(colour, p); }
          p.addPath(tx.parts[k].path, mat);
        }
      }
    }
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    for (const key of [...acc.keys()].sort((a, b) => a - b)) {
      const a = acc.get(key)!;
      for (const [colour, p] of a.paths) {
        if (a.part.stroke === null) {
          ctx.fillStyle = colour;
          ctx.fill(p);
        } else {
          ctx.strokeStyle = colour;
          ctx.lineWidth = Math.max(a.part.stroke * a.texture.look.size, 0.6 / pxPerUnit);
          ctx.stroke(p);
        }
      }
    }
  }

  private ink(tx: TextureDraw, ink: GlyphInk, fill: string): string {
    return ink === "ink" ? tx.look.ink : ink === "light" ? tx.look.light : fill;
  }
}

/** Blank hexes while the terrain layer is hidden (not listed in a Layers panel). */
export class PaperLayer implements Layer {
  readonly id = "paper";
  visible = true;

  constructor(private terrain: Layer) {}

  tile(ctx: CanvasRenderingContext2D, { grid: g, cells, pxPerUnit }: TileScene): void {
    if (this.terrain.visible) return;
    const grow = 0.6 / pxPerUnit;
    const p = new Path2D();
    for (const i of cells) hexPath(p, g, i, 1 + grow);
    ctx.fillStyle = PAPER;
    ctx.fill(p);
  }
}

// Terrain: each hex filled with its terrain's colour, darker per elevation level while the
// elevation layer is shown. Unknown terrain (a map opened with that problem) is magenta. Under it,
// the paper layer: blank hexes, drawn only while the terrain layer is hidden.

import type { MapModel } from "../../store/map";
import { css, hexPath, rgb, type Layer, type TileScene } from "./layer";

const PAPER = "#faf8f1";

export class TerrainLayer implements Layer {
  readonly id = "terrain";
  readonly label = "Terrain";
  visible = true;
  /** Fill styles per terrain index and level; the last row is for unknown terrain. */
  private styles: string[][] = [];
  /** The palette indexes of terrains whose chart gives them the bastion symbol (Age of Rifles'
   *  fort, AoR 10.1), drawn with a bastioned trace. */
  private bastions = new Set<number>();

  /** `shaded`: whether levels darken the colour (the elevation layer is shown). */
  constructor(private shaded: () => boolean) {}

  attach(model: MapModel): void {
    this.styles = model.palette.terrain.map((t) => {
      const c = rgb(t.color);
      return Array.from({ length: 10 }, (_, level) => css(c, 1 - 0.07 * Math.min(level, 6)));
    });
    this.styles.push(Array.from({ length: 10 }, () => "#ff00ff"));
    this.bastions = new Set(model.palette.terrain.flatMap((t, i) => (t.symbol === "bastion" ? [i] : [])));
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, cells, pxPerUnit }: TileScene): void {
    // Hexes grown by a fraction of a pixel, so that no seam shows between them.
    const grow = 0.6 / pxPerUnit;
    const shaded = this.shaded();
    const paths = new Map<string, Path2D>();
    for (const i of cells) {
      const level = shaded ? m.elevation[i] : 0;
      const style = (this.styles[m.terrain[i]] ?? this.styles[this.styles.length - 1])[level];
      let p = paths.get(style);
      if (!p) { p = new Path2D(); paths.set(style, p); }
      hexPath(p, g, i, 1 + grow);
    }
    // In a fixed order (hexes overlap by a fraction of a pixel): a tile drawn in bands and
    // one drawn whole get the same pixels.
    for (const [style, p] of [...paths].sort((a, b) => (a[0] < b[0] ? -1 : 1))) { ctx.fillStyle = style; ctx.fill(p); }
    if (this.bastions.size > 0) this.bastionTraces(ctx, m, g, cells, pxPerUnit);
  }

  /** The bastion symbol: over the terrain's colour, a four-pointed bastioned outline (as the
   *  PNG export). */
  private bastionTraces(ctx: CanvasRenderingContext2D, m: MapModel, g: TileScene["grid"], cells: Iterable<number>, pxPerUnit: number): void {
    const p = new Path2D();
    let any = false;
    for (const i of cells) {
      if (!this.bastions.has(m.terrain[i])) continue;
      any = true;
      for (let k = 0; k <= 8; k++) {
        const a = (Math.PI / 4) * (k % 8);
        const r = k % 2 === 0 ? 0.62 : 0.34;
        const x = g.cx[i] + r * Math.cos(a), y = g.cy[i] + r * Math.sin(a);
        if (k === 0) p.moveTo(x, y); else p.lineTo(x, y);
      }
    }
    if (!any) return;
    ctx.strokeStyle = "#24221e";
    ctx.lineWidth = Math.max(1.5 / pxPerUnit, 0.04);
    ctx.stroke(p);
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

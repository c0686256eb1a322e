// Elevation: contour lines on the sides between hexes of different levels, in the chart's
// contour look; a side crossing an index level (every `index_every`th) 1.8 times wider, as
// printed index contours are (src/render/draw.rs, layer 5). While it is shown, the terrain
// layer also darkens each hex per level (TerrainLayer's `shaded`).

import type { MapModel } from "../../store/map";
import { lineWidth, looksOf, type ChartLook } from "./glyph-batch";
import type { Layer, TileScene } from "./layer";

/** The core's default contour (ChartLook::default), for a palette without looks. */
const CONTOUR = { width: 0.05, min_px: 1, color: "#8a5e2c", dash: null };

export class ElevationLayer implements Layer {
  readonly id = "elevation";
  readonly label = "Elevation shading";
  visible = true;
  private chart: ChartLook | null = null;

  attach(m: MapModel): void {
    this.chart = looksOf(m)?.chart ?? null;
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, cells, pxPerUnit }: TileScene): void {
    const plain = new Path2D(), index = new Path2D();
    const every = Math.max(1, this.chart?.index_every ?? 5);
    for (const i of cells) {
      for (let k = 0; k < 6; k++) {
        const n = m.neighbours[i * 6 + k];
        if (n > i && m.elevation[n] !== m.elevation[i]) {
          const [a, b] = g.side(i, n);
          // An index contour: a level from the lower's next to the higher is a multiple of `every`.
          const lo = Math.min(m.elevation[n], m.elevation[i]), hi = Math.max(m.elevation[n], m.elevation[i]);
          const p = Math.floor(hi / every) > Math.floor(lo / every) ? index : plain;
          p.moveTo(a[0], a[1]);
          p.lineTo(b[0], b[1]);
        }
      }
    }
    const look = this.chart?.contour ?? CONTOUR;
    const w = lineWidth(look, pxPerUnit);
    ctx.lineCap = "round";
    ctx.strokeStyle = look.color;
    ctx.lineWidth = w;
    ctx.stroke(plain);
    ctx.lineWidth = w * 1.8;
    ctx.stroke(index);
  }
}

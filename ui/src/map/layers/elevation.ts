// Elevation: contour lines on the sides between hexes of different levels. While it is shown,
// the terrain layer also darkens each hex per level (TerrainLayer's `shaded`).

import type { MapModel } from "../../store/map";
import type { Layer, TileScene } from "./layer";

const CONTOUR_COLOR = "#8a5e2c";

export class ElevationLayer implements Layer {
  readonly id = "elevation";
  readonly label = "Elevation shading";
  visible = true;
  /** Neighbour k of hex i at [i * 6 + k], -1 off the map. */
  private neighbors: Int32Array = new Int32Array(0);

  attach({ grid }: MapModel): void {
    this.neighbors = new Int32Array(grid.len * 6).fill(-1);
    for (let i = 0; i < grid.len; i++) {
      grid.neighbors(i).forEach((n, k) => (this.neighbors[i * 6 + k] = n));
    }
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, cells, pxPerUnit }: TileScene): void {
    const p = new Path2D();
    for (const i of cells) {
      for (let k = 0; k < 6; k++) {
        const n = this.neighbors[i * 6 + k];
        if (n > i && m.elevation[n] !== m.elevation[i]) {
          const [a, b] = g.side(i, n);
          p.moveTo(a[0], a[1]);
          p.lineTo(b[0], b[1]);
        }
      }
    }
    ctx.strokeStyle = CONTOUR_COLOR;
    ctx.lineWidth = Math.max(1.2 / pxPerUnit, 0.05);
    ctx.stroke(p);
  }
}

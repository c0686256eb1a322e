// Elevation: contour lines on the sides between hexes of different levels. While it is shown,
// the terrain layer also darkens each hex per level (TerrainLayer's `shaded`).

import type { Layer, TileScene } from "./layer";

const CONTOUR_COLOR = "#8a5e2c";

export class ElevationLayer implements Layer {
  readonly id = "elevation";
  readonly label = "Elevation shading";
  visible = true;

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, cells, pxPerUnit }: TileScene): void {
    const p = new Path2D();
    for (const i of cells) {
      for (let k = 0; k < 6; k++) {
        const n = m.neighbours[i * 6 + k];
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

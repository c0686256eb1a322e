// The hex grid: every hex outlined, once a hex is at least 4 device pixels across its radius.

import { hexPath, type Layer, type TileScene } from "./layer";

const GRID_COLOR = "rgba(70,64,52,0.55)";

export class GridLayer implements Layer {
  readonly id = "grid";
  readonly label = "Hex grid";
  visible = true;

  tile(ctx: CanvasRenderingContext2D, { grid: g, cells, pxPerUnit }: TileScene): void {
    if (pxPerUnit < 4) return;
    const p = new Path2D();
    for (const i of cells) hexPath(p, g, i, 1);
    ctx.strokeStyle = GRID_COLOR;
    ctx.lineWidth = 1 / pxPerUnit;
    ctx.stroke(p);
  }
}

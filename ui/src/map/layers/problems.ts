// Problems: the hexes named by the map's problems (what the format would refuse), outlined in red
// on every frame.

import { hexPath, type FrameScene, type Layer } from "./layer";

export class ProblemsLayer implements Layer {
  readonly id = "problems";
  readonly label = "Problems";
  visible = true;

  frame(ctx: CanvasRenderingContext2D, { model: m, grid: g, camera, world }: FrameScene): void {
    if (m.problemHexes.size === 0) return;
    world();
    const p = new Path2D();
    for (const h of m.problemHexes) hexPath(p, g, h, 0.9);
    ctx.strokeStyle = "#d0202a";
    ctx.lineWidth = Math.max(3 / camera.scale, 0.1);
    ctx.stroke(p);
  }
}

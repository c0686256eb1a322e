// The painter's layer over the map: the selected feature's hexes, the hex or brush under the
// pointer, the hexside under it, and a route being dragged. Drawn on every frame.

import { hexPath, type FrameScene, type Layer } from "../../map/layers";

export class CursorLayer implements Layer {
  readonly id = "paint-cursor";
  visible = true;
  hover = -1;
  brush: number[] = [];
  path: number[] = [];
  side: [number, number] | null = null;
  /** The feature whose hexes are shown (the feature tool's). */
  feature: string | null = null;

  frame(ctx: CanvasRenderingContext2D, { model: m, grid: g, camera, world }: FrameScene): void {
    world();
    const px = 1 / camera.scale;
    if (this.feature) {
      const f = m.features.find((x) => x.code === this.feature);
      if (f) {
        const p = new Path2D();
        for (const h of f.hexes) hexPath(p, g, h, 0.86);
        ctx.fillStyle = "rgba(40,90,200,0.18)";
        ctx.fill(p);
        ctx.strokeStyle = "rgba(40,90,200,0.9)";
        ctx.lineWidth = Math.max(2 / camera.scale, 0.06);
        ctx.stroke(p);
      }
    }
    if (this.brush.length > 0) {
      const p = new Path2D();
      for (const h of this.brush) hexPath(p, g, h, 0.97);
      ctx.strokeStyle = "rgba(255,255,255,0.95)";
      ctx.lineWidth = 3 * px;
      ctx.stroke(p);
      ctx.strokeStyle = "rgba(20,20,20,0.9)";
      ctx.lineWidth = 1.2 * px;
      ctx.stroke(p);
    } else if (this.hover >= 0) {
      const p = new Path2D();
      hexPath(p, g, this.hover, 0.97);
      ctx.strokeStyle = "rgba(20,20,20,0.85)";
      ctx.lineWidth = 2 * px;
      ctx.stroke(p);
    }
    if (this.side) {
      const [a, b] = g.side(this.side[0], this.side[1]);
      ctx.strokeStyle = "rgba(255,230,0,0.95)";
      ctx.lineWidth = Math.max(5 * px, 0.18);
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.stroke();
    }
    if (this.path.length > 0) {
      ctx.strokeStyle = "rgba(200,40,40,0.85)";
      ctx.lineWidth = Math.max(3 * px, 0.12);
      ctx.lineJoin = "round";
      ctx.beginPath();
      this.path.forEach((h, k) => (k === 0 ? ctx.moveTo(g.cx[h], g.cy[h]) : ctx.lineTo(g.cx[h], g.cy[h])));
      ctx.stroke();
      for (const h of this.path) {
        ctx.beginPath();
        ctx.arc(g.cx[h], g.cy[h], Math.max(3 * px, 0.1), 0, 2 * Math.PI);
        ctx.fillStyle = "rgba(200,40,40,0.9)";
        ctx.fill();
      }
    }
  }
}

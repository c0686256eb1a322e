// Annotations: the arrows and highlighted hexes of a node's annotations (and of the one being
// drawn), on every frame, in their colours.

import type { Shape } from "../../ipc/generated";
import { css, hexPath, rgb, type FrameScene, type Layer } from "./layer";

export class AnnotationsLayer implements Layer {
  readonly id = "annotations";
  readonly label = "Annotations";
  visible = true;
  shapes: Shape[] = [];
  /** The first hex of an arrow being drawn. */
  pending: string | null = null;

  frame(ctx: CanvasRenderingContext2D, s: FrameScene): void {
    const g = s.grid, px = 1 / s.camera.scale;
    s.world();
    for (const sh of this.shapes) {
      const c = rgb(sh.color);
      if (sh.kind === "highlight") {
        const i = g.parse(sh.hex);
        if (i < 0) continue;
        const p = new Path2D();
        hexPath(p, g, i, 0.96);
        ctx.fillStyle = css(c, 1, 0.35);
        ctx.fill(p);
        ctx.strokeStyle = css(c);
        ctx.lineWidth = Math.max(3 * px, 0.08);
        ctx.stroke(p);
      }
    }
    for (const sh of this.shapes) {
      if (sh.kind !== "arrow") continue;
      const a = g.parse(sh.from), b = g.parse(sh.to);
      if (a < 0 || b < 0) continue;
      const [x0, y0, x1, y1] = [g.cx[a], g.cy[a], g.cx[b], g.cy[b]];
      const ang = Math.atan2(y1 - y0, x1 - x0), head = 0.45;
      ctx.strokeStyle = ctx.fillStyle = css(rgb(sh.color));
      ctx.lineWidth = Math.max(4 * px, 0.14);
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1 - Math.cos(ang) * head * 0.8, y1 - Math.sin(ang) * head * 0.8);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x1 - Math.cos(ang - 0.45) * head, y1 - Math.sin(ang - 0.45) * head);
      ctx.lineTo(x1 - Math.cos(ang + 0.45) * head, y1 - Math.sin(ang + 0.45) * head);
      ctx.closePath();
      ctx.fill();
    }
    if (this.pending) {
      const i = g.parse(this.pending);
      if (i >= 0) {
        ctx.beginPath();
        ctx.arc(g.cx[i], g.cy[i], 0.3, 0, Math.PI * 2);
        ctx.strokeStyle = "#111";
        ctx.lineWidth = Math.max(2 * px, 0.06);
        ctx.stroke();
      }
    }
  }
}

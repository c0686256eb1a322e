// Feature labels: each feature's code in a box at its centre, or the first free place nearby (as
// the core's renderer places them), clear of the others. Drawn on every frame in pixels, crisp at
// any scale.

import type { FrameScene, Layer } from "./layer";

/** Places tried around a feature's centre, in units of about a hex. */
const TRIES: [number, number][] = [[0, 0], [0, 0.45], [0, -0.45], [0.6, 0], [-0.6, 0], [0, 0.9], [0, -0.9], [0.9, 0.45], [-0.9, 0.45]];

export class LabelsLayer implements Layer {
  readonly id = "labels";
  readonly label = "Feature labels";
  visible = true;

  frame(ctx: CanvasRenderingContext2D, { model: m, grid: g, camera, screen }: FrameScene): void {
    const s = camera.scale;
    if (s < 6) return;
    screen();
    ctx.save();
    ctx.textAlign = "center";
    const size = Math.max(10, Math.min(16, s * 0.45));
    ctx.font = `bold ${size}px "DejaVu Sans", sans-serif`;
    ctx.textBaseline = "middle";
    const placed: [number, number, number, number][] = [];
    const free = (x: number, y: number, w: number, h: number) =>
      !placed.some(([px, py, pw, ph]) => x < px + pw && px < x + w && y < py + ph && py < y + h);
    for (const f of m.features) {
      if (f.hexes.length === 0) continue;
      let sx = 0, sy = 0;
      for (const h of f.hexes) { sx += g.cx[h]; sy += g.cy[h]; }
      const [x, y] = camera.toScreen(sx / f.hexes.length, sy / f.hexes.length);
      if (x < -50 || y < -20 || x > camera.width + 50 || y > camera.height + 20) continue;
      const w = ctx.measureText(f.code).width + 8, h = size * 1.4;
      // At the centre of the feature, else the first free place nearby, else at the centre.
      let [lx, ly] = [x, y];
      const unit = Math.max(s, h * 1.2);
      for (const [dx, dy] of TRIES) {
        const cx = x + dx * unit, cy = y + dy * unit;
        if (free(cx - w / 2, cy - h / 2, w, h)) { [lx, ly] = [cx, cy]; break; }
      }
      placed.push([lx - w / 2, ly - h / 2, w, h]);
      ctx.fillStyle = "rgba(255,254,248,0.92)";
      ctx.strokeStyle = "#24221e";
      ctx.lineWidth = 1;
      ctx.fillRect(lx - w / 2, ly - h / 2, w, h);
      ctx.strokeRect(lx - w / 2, ly - h / 2, w, h);
      ctx.fillStyle = "#24221e";
      ctx.fillText(f.code, lx, ly + 1);
    }
    ctx.restore();
  }
}

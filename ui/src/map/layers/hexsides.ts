// Hexside features (ridges, streams, walls…): a thick line along the side, several side by side
// when a side has several; a feature the chart does not know is magenta.

import { SQRT3 } from "../geometry";
import type { Layer, TileScene } from "./layer";

export class HexsidesLayer implements Layer {
  readonly id = "hexsides";
  readonly label = "Hexsides";
  visible = true;

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, visible, pxPerUnit }: TileScene): void {
    ctx.lineCap = "round";
    for (const s of m.hexsides.values()) {
      if (!visible.has(s.a) && !visible.has(s.b)) continue;
      const [a, b] = g.side(s.a, s.b);
      const n = s.features.length;
      const w = Math.max(2.5 / pxPerUnit, n > 1 ? 0.2 : 0.27);
      const dx = (g.cx[s.b] - g.cx[s.a]) / SQRT3, dy = (g.cy[s.b] - g.cy[s.a]) / SQRT3;
      s.features.forEach((f, k) => {
        const off = (k - (n - 1) / 2) * w * 1.15;
        const color = m.palette.hexsides.find((h) => h.key === f)?.color ?? "#ff00ff";
        ctx.strokeStyle = color;
        ctx.lineWidth = w;
        ctx.beginPath();
        ctx.moveTo(a[0] + dx * off, a[1] + dy * off);
        ctx.lineTo(b[0] + dx * off, b[1] + dy * off);
        ctx.stroke();
      });
    }
  }
}

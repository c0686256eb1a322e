// Hex numbers ("0812") across the top of each hex: from the chart's `lod.hex_numbers` pixels per
// hex radius (the core's threshold for its pictures too), where they fit, sized with the hex;
// drawn into the tiles, in pixels, light on dark terrain.

import type { MapModel } from "../../store/map";
import { SQRT3 } from "../geometry";
import { looksOf } from "./glyph-batch";
import { rgb, type Layer, type TextScene } from "./layer";

/** The core's default threshold (Lod::default().hex_numbers), for a palette without looks. */
const FROM = 12;

export class NumbersLayer implements Layer {
  readonly id = "numbers";
  readonly label = "Hex numbers";
  visible = true;
  /** Per terrain index: whether its colour is dark. */
  private dark: boolean[] = [];
  /** Pixels per hex radius from which numbers are drawn. */
  private from = FROM;

  attach(model: MapModel): void {
    this.from = looksOf(model)?.chart.lod.hex_numbers ?? FROM;
    this.dark = model.palette.terrain.map((t) => {
      const [r, g, b] = rgb(t.color);
      return 0.299 * r + 0.587 * g + 0.114 * b < 110;
    });
  }

  tileText(ctx: CanvasRenderingContext2D, { model: m, grid: g, cells, scale: s, at }: TextScene): void {
    if (s < this.from || cells.length === 0) return;
    ctx.save();
    ctx.textAlign = "center";
    const size = Math.max(6, Math.min(14, s * 0.3));
    ctx.font = `${size}px "DejaVu Sans Mono", monospace`;
    // Only where they fit across the top of a hex.
    if (ctx.measureText(g.name(cells[0])).width <= s * 1.1) {
      ctx.textBaseline = "top";
      const top = g.spec.orientation === "flat" ? (SQRT3 / 2) * s - Math.max(1, s * 0.05) : s * 0.55;
      for (const i of cells) {
        const [x, y] = at(g.cx[i], g.cy[i]);
        ctx.fillStyle = this.dark[m.terrain[i]] ? "rgba(250,248,240,0.9)" : "rgba(36,34,30,0.75)";
        ctx.fillText(g.name(i), x, y - top + Math.max(1, s * 0.08));
      }
    }
    ctx.restore();
  }
}

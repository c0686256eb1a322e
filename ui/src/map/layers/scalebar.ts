// The scale bar: on every frame, bottom-left in CSS pixels, a bar of a round length of the map's
// unit (1, 2 or 5 times a power of ten, as src/render/furniture.rs rounds it) at most MAX_W
// pixels long, in four segments alternating ink and paper, "0" under its left end and the length
// with its unit under its right. The map's scale (what one hex stands for, side to side) comes
// with the map (MapView.scale).

import type { FrameScene, Layer } from "./layer";

const INK = "#24221e";
const PAPER = "#ffffff";
/** Longest bar, and the margin from the canvas's corner (CSS pixels). */
const MAX_W = 160;
const MARGIN = 12;
const SHORT: Record<string, string> = { metres: "m", yards: "yards", paces: "paces", inches: "inches" };

/** A round length of at most `max` (1, 2 or 5 times a power of ten; furniture::round_length). */
export function roundLength(max: number): number {
  if (!(max > 0)) return 0;
  const p = Math.pow(10, Math.floor(Math.log10(max)));
  for (const m of [5, 2, 1]) if (m * p <= max) return m * p;
  return p;
}

/** The bar at `pxPerRadius` CSS pixels per hex radius for a map whose hex stands for `perHex`
 * units side to side: its length in units and in pixels (no bar: 0). */
export function scaleBar(perHex: number, pxPerRadius: number, maxW: number): { length: number; px: number } {
  const perPx = perHex / (Math.sqrt(3) * pxPerRadius);
  const length = roundLength(maxW * perPx);
  return { length, px: length > 0 ? length / perPx : 0 };
}

/** A length as the core's label writes it: whole numbers without a point. Lengths below 1 come
 * from 10^-n, so they are rounded to six places to drop floating noise. */
export function lengthText(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
}

export class ScaleBarLayer implements Layer {
  readonly id = "scalebar";
  readonly label = "Scale bar";
  visible = true;

  frame(ctx: CanvasRenderingContext2D, { model: m, camera, screen }: FrameScene): void {
    const { length, px: w } = scaleBar(m.scale.per_hex, camera.scale, Math.min(MAX_W, camera.width / 3));
    if (w < 8) return;
    screen();
    ctx.save();
    const h = 5, x = MARGIN, y = camera.height - MARGIN - 14 - h;
    ctx.font = `11px "DejaVu Sans", sans-serif`;
    ctx.textBaseline = "top";
    const label = `${lengthText(length)} ${SHORT[m.scale.unit] ?? m.scale.unit}`;
    // A pale ground so that it reads over any terrain.
    ctx.fillStyle = "rgba(250,248,241,0.85)";
    ctx.fillRect(x - 6, y - 6, w + 12, h + 23);
    ctx.fillStyle = INK;
    ctx.fillRect(x - 1, y - 1, w + 2, h + 2);
    for (let i = 0; i < 4; i++) {
      ctx.fillStyle = i % 2 === 0 ? INK : PAPER;
      ctx.fillRect(x + (w * i) / 4, y, w / 4, h);
    }
    ctx.fillStyle = INK;
    ctx.textAlign = "left";
    ctx.fillText("0", x, y + h + 3);
    ctx.textAlign = "right";
    ctx.fillText(label, x + w, y + h + 3);
    ctx.restore();
  }
}

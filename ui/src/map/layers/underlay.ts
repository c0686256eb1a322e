// The underlay: a picture (a scan of a historical map) drawn over the terrain colours and under
// the grid, hexsides and roads, so that it can be traced.

import type { Layer, TileScene } from "./layer";

export class UnderlayLayer implements Layer {
  readonly id = "underlay";
  readonly label = "Underlay";
  visible = true;
  private image: CanvasImageSource | null = null;
  private size: [number, number] = [0, 0];

  /** The decoded picture (the view's tiles must then be invalidated). */
  setImage(img: CanvasImageSource | null, w = 0, h = 0): void {
    this.image = img;
    this.size = [w, h];
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g }: TileScene): void {
    const u = m.underlay;
    if (!u || !this.image) return;
    ctx.save();
    ctx.globalAlpha = u.opacity;
    // Underlay offsets are in the core's units, whose origin is hex 0101's centre.
    ctx.translate(u.x + g.cx[0], u.y + g.cy[0]);
    ctx.rotate((u.rotation_deg * Math.PI) / 180);
    ctx.scale(u.scale, u.scale);
    ctx.drawImage(this.image, 0, 0, this.size[0], this.size[1]);
    ctx.restore();
  }
}

// The map view's camera: where the world (hex radii) is on the canvas (CSS pixels).
// Screen = world * scale + (ox, oy). Pure arithmetic: the view asks for a frame after a change.

import type { HexGrid } from "./geometry";

export const MIN_SCALE = 0.5;
export const MAX_SCALE = 200;

export class Camera {
  /** Pixels per hex radius (CSS pixels). */
  scale = 20;
  ox = 0;
  oy = 0;
  /** The canvas in CSS pixels, and device pixels per CSS pixel. */
  width = 0;
  height = 0;
  dpr = 1;
  /** When the view last moved (performance.now()): frames are filtered once it is still. */
  lastMotion = 0;

  /** Scale and centre so that the whole grid fits, with a margin. */
  fit(grid: HexGrid): void {
    const b = grid.bounds;
    const pad = 16;
    const s = Math.min((this.width - 2 * pad) / (b.x1 - b.x0), (this.height - 2 * pad) / (b.y1 - b.y0));
    this.scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, s));
    this.ox = (this.width - (b.x1 - b.x0) * this.scale) / 2 - b.x0 * this.scale;
    this.oy = (this.height - (b.y1 - b.y0) * this.scale) / 2 - b.y0 * this.scale;
  }

  /** Zoom by `factor` keeping the screen point (sx, sy) still. */
  zoomAt(factor: number, sx = this.width / 2, sy = this.height / 2): void {
    const s = Math.max(MIN_SCALE, Math.min(MAX_SCALE, this.scale * factor));
    const k = s / this.scale;
    this.ox = sx - (sx - this.ox) * k;
    this.oy = sy - (sy - this.oy) * k;
    this.scale = s;
    this.lastMotion = performance.now();
  }

  panBy(dx: number, dy: number): void {
    this.ox += dx;
    this.oy += dy;
    this.lastMotion = performance.now();
  }

  /** Centre on a world point. */
  centerOn(wx: number, wy: number): void {
    this.ox = this.width / 2 - wx * this.scale;
    this.oy = this.height / 2 - wy * this.scale;
  }

  toWorld(sx: number, sy: number): [number, number] {
    return [(sx - this.ox) / this.scale, (sy - this.oy) / this.scale];
  }

  toScreen(wx: number, wy: number): [number, number] {
    return [wx * this.scale + this.ox, wy * this.scale + this.oy];
  }
}

// Zones: a scenario's deployment zones, entry areas and exit areas, each shaded in its side's
// colour on every frame (a frame layer, so a brush dab shows in the next frame without redrawing
// tiles); the zone chosen for editing is outlined, the hexes being picked for a field are ringed.

import { css, hexPath, rgb, type FrameScene, type Layer } from "./layer";

export interface ZoneShape {
  pointer: string;
  /** The side's colour as CSS hex ("#c62828"). */
  color: string;
  hexes: string[];
}

export class ZonesLayer implements Layer {
  readonly id = "zones";
  readonly label = "Zones";
  visible = true;
  zones: ZoneShape[] = [];
  /** The zone being edited (its pointer): drawn strongest and outlined. */
  selected: string | null = null;
  /** Hexes picked for a field (entry hexes, a target), ringed. */
  picked: string[] = [];

  frame(ctx: CanvasRenderingContext2D, s: FrameScene): void {
    const g = s.grid, px = 1 / s.camera.scale;
    s.world();
    for (const z of this.zones) {
      const on = z.pointer === this.selected;
      if (this.selected && !on) continue;
      const p = new Path2D();
      for (const h of z.hexes) {
        const i = g.parse(h);
        if (i >= 0) hexPath(p, g, i, 0.97);
      }
      const c = rgb(z.color);
      ctx.fillStyle = css(c, 1, on ? 0.38 : 0.22);
      ctx.fill(p);
      if (on) {
        ctx.strokeStyle = css(c, 0.7);
        ctx.lineWidth = Math.max(1.5 * px, 0.04);
        ctx.stroke(p);
      }
    }
    if (this.picked.length) {
      const p = new Path2D();
      for (const h of this.picked) {
        const i = g.parse(h);
        if (i >= 0) hexPath(p, g, i, 0.8);
      }
      ctx.strokeStyle = "#111";
      ctx.lineWidth = Math.max(3 * px, 0.09);
      ctx.stroke(p);
    }
  }
}

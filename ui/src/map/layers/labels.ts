// Feature names set along their features, as a printed map letters a ridge or a town: each
// feature's name with its code ("Castelnuovo (V4)", as scenarios and victory conditions cite codes) centred on its hexes, turned along their main axis
// (map/label.ts, the port of the core's src/look/label.rs), in a dark italic with a pale halo,
// letter-spaced when the feature has room to spare. From the chart's `lod.feature_names` pixels
// per hex radius; a name longer than its feature's extent is left out, and so is one that would
// cover a name already set. Drawn on every frame in CSS pixels, crisp at any scale.

import type { MapModel } from "../../store/map";
import { along, nameText, type NamePlacement } from "../label";
import { looksOf } from "./glyph-batch";
import type { FrameScene, Layer } from "./layer";

/** The core's default threshold (Lod::default().feature_names), for a palette without looks. */
const FROM = 12;
const INK = "#2a2620";
const HALO = "rgba(250,248,241,0.9)";
/** Letter spacing at most, in ems. */
const MAX_SPACING = 0.12;

interface Name { text: string; at: NamePlacement }

export class LabelsLayer implements Layer {
  readonly id = "labels";
  readonly label = "Feature names";
  visible = true;
  private from = FROM;
  /** The names and where they go, made again when the features change (`model.version`). */
  private names: Name[] = [];
  private version = -1;
  private model: MapModel | null = null;
  /** Text widths measured, by font size and text (measuring is most of a name's cost). */
  private widths = new Map<string, number>();

  attach(m: MapModel): void {
    this.from = looksOf(m)?.chart.lod.feature_names ?? FROM;
    this.model = null;
  }

  private placed(m: MapModel): Name[] {
    if (this.model !== m || this.version !== m.version) {
      const g = m.grid;
      this.names = [];
      for (const f of m.features) {
        const at = along(f.hexes.map((h) => [g.cx[h], g.cy[h]]));
        const text = nameText(f.name, f.code);
        if (at && text) this.names.push({ text, at });
      }
      this.model = m;
      this.version = m.version;
    }
    return this.names;
  }

  frame(ctx: CanvasRenderingContext2D, { model: m, camera, screen }: FrameScene): void {
    const s = camera.scale;
    if (s < this.from) return;
    const names = this.placed(m);
    if (names.length === 0) return;
    screen();
    ctx.save();
    const size = Math.round(Math.max(10, Math.min(17, s * 0.42)));
    ctx.font = `italic ${size}px "DejaVu Serif", Georgia, serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = Math.max(2.5, size * 0.22);
    ctx.strokeStyle = HALO;
    ctx.fillStyle = INK;
    const spacing = "letterSpacing" in ctx;
    // Screen boxes of the names set (axis-aligned bounds of the turned text), to keep clear of.
    const taken: [number, number, number, number][] = [];
    for (const { text, at } of names) {
      const [x, y] = camera.toScreen(at.x, at.y);
      const room = at.extent * s;
      if (x < -room || y < -room || x > camera.width + room || y > camera.height + room) continue;
      if (spacing) (ctx as { letterSpacing: string }).letterSpacing = "0px";
      const key = `${size}|${text}`;
      let w = this.widths.get(key) ?? -1;
      if (w < 0) this.widths.set(key, (w = ctx.measureText(text).width));
      // It must fit its feature.
      if (w > room) continue;
      let gap = 0;
      if (spacing && text.length > 1) {
        gap = Math.min(MAX_SPACING * size, (room * 0.6 - w) / (text.length - 1));
        if (gap > 0.5) {
          (ctx as { letterSpacing: string }).letterSpacing = `${gap.toFixed(1)}px`;
          w += gap * (text.length - 1);
        } else gap = 0;
      }
      const c = Math.abs(Math.cos(at.angle)), sn = Math.abs(Math.sin(at.angle));
      const bw = w * c + size * sn, bh = w * sn + size * c;
      const box: [number, number, number, number] = [x - bw / 2, y - bh / 2, bw, bh];
      if (taken.some(([px, py, pw, ph]) => box[0] < px + pw && px < box[0] + box[2] && box[1] < py + ph && py < box[1] + box[3])) continue;
      taken.push(box);
      ctx.setTransform(camera.dpr, 0, 0, camera.dpr, 0, 0);
      ctx.translate(x, y);
      ctx.rotate(at.angle);
      // Letter spacing adds a space after the last letter too: centre the letters themselves.
      const dx = gap / 2;
      ctx.strokeText(text, dx, 0);
      ctx.fillText(text, dx, 0);
    }
    ctx.restore();
  }
}

// The play view's marks, drawn on every frame under the counters: the deploying side's area,
// the hexes the selected unit may reach (with the movement points left), the path to the hex
// under the pointer and the passing fires it would draw, the steps of several units moving in
// one command, the hexes it may attack or deploy to, and the target of the attack shown; and, over the counters, the move's waypoints and the
// bearings the selected unit may turn to.

import { css, hexPath, rgb, type FrameScene, type Layer } from "../../map/layers/layer";
import { bearingVector } from "../../map/layers/counters";

export class MarksLayer implements Layer {
  readonly id = "play-marks";
  visible = true;
  /** Deployment area: hex names, in the side's colour. */
  area: string[] = [];
  areaColor = "#888888";
  /** Reachable hexes and the movement points left in each. */
  reach = new Map<string, string>();
  /** Hexes a command of the selected unit names (deploy, fire, shock targets). */
  targets: string[] = [];
  /** The path drawn to the hovered hex (from the unit's hex). */
  path: string[] = [];
  /** The paths of several units moving in one command (a line advancing), each from the hex
   * it leaves: drawn as arrows while the command's button is hovered. */
  steps: string[][] = [];
  /** The move's waypoints, in order (numbered rings, drawn over the counters by
   * [`WaypointsLayer`]). */
  waypoints: string[] = [];
  /** The hexes of the path where it draws passing fire (a red mark each, AoR 7.12). */
  fires: string[] = [];
  /** The target of the attack previewed. */
  attack: string | null = null;
  /** A line of sight shown on hover: its ends and whether it is clear. */
  sight: { from: string; to: string; clear: boolean } | null = null;
  /** The turns offered to the selected unit: its hex, each bearing it may face after a turn
   * (degrees clockwise from north) and the one a drag aims at (drawn by [`TurnsLayer`]). */
  turns: { hex: string; bearings: number[]; aimed: number | null } | null = null;

  clear(): void {
    this.turns = null;
    this.reach.clear();
    this.targets = [];
    this.path = [];
    this.steps = [];
    this.waypoints = [];
    this.fires = [];
    this.attack = null;
    this.sight = null;
  }

  frame(ctx: CanvasRenderingContext2D, s: FrameScene): void {
    const g = s.grid, px = 1 / s.camera.scale;
    s.world();
    const fillHexes = (names: Iterable<string>, style: string, r = 0.95) => {
      const p = new Path2D();
      for (const n of names) {
        const i = g.parse(n);
        if (i >= 0) hexPath(p, g, i, r);
      }
      ctx.fillStyle = style;
      ctx.fill(p);
      return p;
    };
    if (this.area.length) {
      const p = fillHexes(this.area, css(rgb(this.areaColor), 1, 0.22));
      ctx.strokeStyle = css(rgb(this.areaColor), 0.8, 0.6);
      ctx.lineWidth = Math.max(px, 0.03);
      ctx.stroke(p);
    }
    if (this.reach.size) {
      const p = fillHexes(this.reach.keys(), "rgba(255,214,0,0.28)");
      ctx.strokeStyle = "rgba(180,140,0,0.8)";
      ctx.lineWidth = Math.max(1.5 * px, 0.04);
      ctx.stroke(p);
      if (s.camera.scale >= 14) {
        ctx.fillStyle = "#4a3b00";
        ctx.font = `bold 0.3px "DejaVu Sans", sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        for (const [n, left] of this.reach) {
          const i = g.parse(n);
          if (i >= 0) ctx.fillText(left, g.cx[i], g.cy[i] - 0.68);
        }
      }
    }
    if (this.targets.length) {
      const p = new Path2D();
      for (const n of this.targets) {
        const i = g.parse(n);
        if (i >= 0) hexPath(p, g, i, 0.88);
      }
      ctx.strokeStyle = "#c62828";
      ctx.lineWidth = Math.max(2.5 * px, 0.07);
      ctx.setLineDash([0.15, 0.1]);
      ctx.stroke(p);
      ctx.setLineDash([]);
    }
    if (this.path.length > 1) {
      ctx.beginPath();
      this.path.forEach((n, k) => {
        const i = g.parse(n);
        if (i < 0) return;
        if (k === 0) ctx.moveTo(g.cx[i], g.cy[i]); else ctx.lineTo(g.cx[i], g.cy[i]);
      });
      ctx.strokeStyle = "rgba(20,60,160,0.85)";
      ctx.lineWidth = Math.max(4 * px, 0.12);
      ctx.lineJoin = "round";
      ctx.lineCap = "round";
      ctx.stroke();
    }
    for (const step of this.steps) {
      // An arrow from the hex left to the hex entered, through any hexes between.
      const pts = step.map((n) => g.parse(n)).filter((i) => i >= 0).map((i) => [g.cx[i], g.cy[i]]);
      if (pts.length < 2) continue;
      const [x1, y1] = pts[pts.length - 1], [x0, y0] = pts[pts.length - 2];
      const len = Math.hypot(x1 - x0, y1 - y0) || 1, ux = (x1 - x0) / len, uy = (y1 - y0) / len;
      const tip = [x1 - ux * 0.3, y1 - uy * 0.3];
      ctx.beginPath();
      pts.slice(0, -1).forEach(([x, y], k) => (k === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
      ctx.lineTo(tip[0] - ux * 0.2, tip[1] - uy * 0.2);
      ctx.strokeStyle = "rgba(20,60,160,0.85)";
      ctx.lineWidth = Math.max(4 * px, 0.12);
      ctx.lineCap = "round";
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(tip[0], tip[1]);
      ctx.lineTo(tip[0] - ux * 0.3 - uy * 0.18, tip[1] - uy * 0.3 + ux * 0.18);
      ctx.lineTo(tip[0] - ux * 0.3 + uy * 0.18, tip[1] - uy * 0.3 - ux * 0.18);
      ctx.closePath();
      ctx.fillStyle = "rgba(20,60,160,0.95)";
      ctx.fill();
    }
    if (this.fires.length) {
      // A red cross on each hex entered under passing fire (twice fired: a thicker cross).
      const count = new Map<string, number>();
      for (const n of this.fires) count.set(n, (count.get(n) ?? 0) + 1);
      ctx.strokeStyle = "#c62828";
      ctx.lineCap = "round";
      for (const [n, k] of count) {
        const i = g.parse(n);
        if (i < 0) continue;
        const r = 0.38, x = g.cx[i], y = g.cy[i];
        ctx.lineWidth = Math.max((2 + 1.5 * k) * px, 0.06 * (k + 1));
        ctx.beginPath();
        ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r);
        ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r);
        ctx.stroke();
      }
    }
    if (this.sight) {
      const a = g.parse(this.sight.from), b = g.parse(this.sight.to);
      if (a >= 0 && b >= 0) {
        ctx.beginPath();
        ctx.moveTo(g.cx[a], g.cy[a]);
        ctx.lineTo(g.cx[b], g.cy[b]);
        ctx.strokeStyle = this.sight.clear ? "rgba(27,94,32,0.9)" : "rgba(183,28,28,0.9)";
        ctx.lineWidth = Math.max(2.5 * px, 0.07);
        if (!this.sight.clear) ctx.setLineDash([0.25, 0.15]);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    if (this.attack) {
      const i = g.parse(this.attack);
      if (i >= 0) {
        const p = new Path2D();
        hexPath(p, g, i, 0.97);
        ctx.strokeStyle = "#b71c1c";
        ctx.lineWidth = Math.max(4 * px, 0.12);
        ctx.stroke(p);
      }
    }
  }
}

/** The move's waypoints (`MarksLayer.waypoints`) as numbered discs drawn over the counters, in
 * the hex's upper right corner: a waypoint is often a hex holding friendly units (a move may
 * pass through a full stack, AoR 5.3), whose counters would hide a mark drawn under them or
 * at the hex's centre. */
export class WaypointsLayer implements Layer {
  readonly id = "play-waypoints";
  visible = true;

  constructor(private readonly marks: MarksLayer) {}

  frame(ctx: CanvasRenderingContext2D, s: FrameScene): void {
    const w = this.marks.waypoints;
    if (!w.length) return;
    const g = s.grid, px = 1 / s.camera.scale;
    s.world();
    ctx.font = `bold 0.3px "DejaVu Sans", sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    w.forEach((n, k) => {
      const i = g.parse(n);
      if (i < 0) return;
      const x = g.cx[i] + 0.45, y = g.cy[i] - 0.45;
      ctx.beginPath();
      ctx.arc(x, y, 0.25, 0, 2 * Math.PI);
      ctx.fillStyle = "rgba(20,60,160,0.95)";
      ctx.fill();
      ctx.strokeStyle = "#ffffff";
      ctx.lineWidth = Math.max(1.5 * px, 0.04);
      ctx.stroke();
      ctx.fillStyle = "#ffffff";
      ctx.fillText(String(k + 1), x, y);
    });
  }
}

/** The bearings the selected unit may turn to (`MarksLayer.turns`), as arrows round its hex
 * drawn over the counters, pointing outwards; the one a drag aims at is drawn larger, in the
 * selection's colour. */
export class TurnsLayer implements Layer {
  readonly id = "play-turns";
  visible = true;

  constructor(private readonly marks: MarksLayer) {}

  frame(ctx: CanvasRenderingContext2D, s: FrameScene): void {
    const t = this.marks.turns;
    if (!t) return;
    const g = s.grid, px = 1 / s.camera.scale;
    const i = g.parse(t.hex);
    if (i < 0) return;
    s.world();
    for (const b of t.bearings) {
      const aimed = b === t.aimed;
      const [dx, dy] = bearingVector(b);
      const r0 = 0.66, r1 = aimed ? 1.02 : 0.92, w = aimed ? 0.17 : 0.12;
      const x = g.cx[i], y = g.cy[i];
      ctx.beginPath();
      ctx.moveTo(x + dx * r1, y + dy * r1);
      ctx.lineTo(x + dx * r0 - dy * w, y + dy * r0 + dx * w);
      ctx.lineTo(x + dx * r0 + dy * w, y + dy * r0 - dx * w);
      ctx.closePath();
      ctx.fillStyle = aimed ? "#ffd600" : "rgba(0,105,92,0.9)";
      ctx.fill();
      ctx.strokeStyle = "#ffffff";
      ctx.lineWidth = Math.max(1.2 * px, 0.03);
      ctx.stroke();
    }
  }
}

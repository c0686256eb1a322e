// Routes (roads, trails, railroads) drawn as the chart's looks say (`RouteLook`, as
// src/render/cartography.rs's `draw_route`): the casing, the cross-ties, the line (cut into
// dashes from the route's start, as the core cuts them: map/lines.ts), through the hexes'
// centres and on to the map edge where the route leaves the map. A route without a look is its
// colour over a pale casing; a kind the chart does not know is magenta. On each frame, the
// exits: an arrow off the map edge with the exit's name.

import type { MapModel } from "../../store/map";
import { SQRT3 } from "../geometry";
import { dashes, ties, type Pt } from "../lines";
import { lineWidth, looksOf, type RouteLook } from "./glyph-batch";
import type { FrameScene, Layer, TileScene } from "./layer";

const OUT: Record<string, [number, number]> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };

function polyline(p: Path2D, pts: Pt[]): void {
  pts.forEach(([x, y], k) => (k === 0 ? p.moveTo(x, y) : p.lineTo(x, y)));
}

export class RoutesLayer implements Layer {
  readonly id = "routes";
  readonly label = "Roads";
  visible = true;
  /** Per route kind: its look (null: a plain line) and colour. */
  private byKey = new Map<string, { look: RouteLook | null; color: string }>();

  attach(m: MapModel): void {
    const looks = looksOf(m);
    this.byKey.clear();
    m.palette.routes.forEach((r) => this.byKey.set(r.key, { look: looks?.routes[r.key] ?? null, color: r.color }));
  }

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, visible, pxPerUnit: ppu }: TileScene): void {
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    const flat = g.spec.orientation === "flat";
    const [ax, ay] = flat ? [1, SQRT3 / 2] : [SQRT3 / 2, 1];
    for (const r of m.routes) {
      if (!r.hexes.some((h) => visible.has(h))) continue;
      // Continued to the map edge where the route leaves the map (an exit at its end hex).
      const pts: Pt[] = r.hexes.map((h) => [g.cx[h], g.cy[h]]);
      const edgePoint = (h: number): Pt | null => {
        const e = m.exits.find((x) => x.hex === h && x.name.toLowerCase() === r.name.toLowerCase())
          ?? m.exits.find((x) => x.hex === h);
        if (!e) return null;
        const [dx, dy] = OUT[e.edge] ?? [0, 0];
        return [g.cx[h] + dx * ax, g.cy[h] + dy * ay];
      };
      const first = r.hexes[0], last = r.hexes[r.hexes.length - 1];
      const start = edgePoint(first);
      if (start) pts.unshift(start);
      const end = first !== last ? edgePoint(last) : null;
      if (end) pts.push(end);
      const known = this.byKey.get(r.kind);
      if (known?.look) {
        drawRoute(ctx, known.look, pts, ppu);
        continue;
      }
      // No look: the core's plain route, its colour over a pale casing.
      const p = new Path2D();
      polyline(p, pts);
      const w = Math.max(1.5 / ppu, 2 / 9);
      ctx.strokeStyle = "rgba(246,240,220,0.7)";
      ctx.lineWidth = w + 2 * Math.max(0.75 / ppu, 1 / 20);
      ctx.stroke(p);
      ctx.strokeStyle = known?.color ?? "#ff00ff";
      ctx.lineWidth = w;
      ctx.stroke(p);
    }
  }

  /** Exits: an arrow on the map edge where a road leaves, with the exit's name (CSS pixels). */
  frame(ctx: CanvasRenderingContext2D, { model: m, grid: g, camera, screen }: FrameScene): void {
    if (m.exits.length === 0) return;
    screen();
    const flat = g.spec.orientation === "flat";
    const [ax, ay] = flat ? [1, SQRT3 / 2] : [SQRT3 / 2, 1];
    ctx.font = "600 11px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    ctx.textAlign = "start";
    const named: [number, number, number, number][] = [];
    for (const e of m.exits) {
      const [dx, dy] = OUT[e.edge] ?? [0, 0];
      const [sx, sy] = camera.toScreen(g.cx[e.hex] + dx * ax, g.cy[e.hex] + dy * ay);
      const k = Math.max(5, Math.min(9, camera.scale * 0.35));
      // A triangle pointing off the map, its base on the edge.
      ctx.beginPath();
      ctx.moveTo(sx + dx * k * 1.4, sy + dy * k * 1.4);
      ctx.lineTo(sx - dy * k, sy + dx * k);
      ctx.lineTo(sx + dy * k, sy - dx * k);
      ctx.closePath();
      ctx.fillStyle = "#2b2b2b";
      ctx.strokeStyle = "#f6f0dc";
      ctx.lineWidth = 1.5;
      ctx.fill();
      ctx.stroke();
      if (camera.scale < 6) continue;
      const w = ctx.measureText(e.name).width;
      // The name beside the arrow, inside the map.
      const tx = dx !== 0 ? sx - dx * (k * 1.2) - (dx > 0 ? w : 0) : sx + k + 3;
      const ty = dy !== 0 ? sy - dy * (k * 1.6) : sy - k - 6;
      // A name that would cover one set already (two roads leaving side by side) is left out.
      const box: [number, number, number, number] = [tx - 2, ty - 7, w + 4, 14];
      if (named.some(([x, y, bw, bh]) => box[0] < x + bw && x < box[0] + box[2] && box[1] < y + bh && y < box[1] + box[3])) continue;
      named.push(box);
      ctx.fillStyle = "rgba(250,248,241,0.85)";
      ctx.fillRect(...box);
      ctx.fillStyle = "#2b2b2b";
      ctx.fillText(e.name, tx, ty);
    }
  }
}

/** A route by its look, in world units at `ppu` device pixels per radius: casing, ties, the
 * line, dashed if asked (cartography::draw_route). */
export function drawRoute(ctx: CanvasRenderingContext2D, look: RouteLook, pts: Pt[], ppu: number): void {
  const whole = new Path2D();
  polyline(whole, pts);
  if (look.casing) {
    ctx.strokeStyle = look.casing.color;
    ctx.lineWidth = lineWidth(look.casing, ppu);
    ctx.stroke(whole);
  }
  ctx.strokeStyle = look.line.color;
  if (look.ties) {
    // One path of segments with butt ends.
    const t = new Path2D();
    for (const [a, b] of ties(pts, look.ties.gap, look.ties.len)) polyline(t, [a, b]);
    ctx.lineCap = "butt";
    ctx.lineWidth = Math.max(look.ties.width, 1 / ppu);
    ctx.stroke(t);
    ctx.lineCap = "round";
  }
  ctx.lineWidth = lineWidth(look.line, ppu);
  if (look.line.dash) {
    const p = new Path2D();
    for (const piece of dashes(pts, look.line.dash[0], look.line.dash[1])) polyline(p, piece);
    ctx.stroke(p);
  } else {
    ctx.stroke(whole);
  }
}

// Routes (roads, trails, railroads): a line through the hexes' centres over a pale casing,
// continued to the map edge where the route leaves the map; a kind the chart does not know is
// magenta. On each frame, the exits: an arrow off the map edge with the exit's name.

import { SQRT3 } from "../geometry";
import type { FrameScene, Layer, TileScene } from "./layer";

const OUT: Record<string, [number, number]> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };

export class RoutesLayer implements Layer {
  readonly id = "routes";
  readonly label = "Roads";
  visible = true;

  tile(ctx: CanvasRenderingContext2D, { model: m, grid: g, visible, pxPerUnit }: TileScene): void {
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    const flat = g.spec.orientation === "flat";
    const [ax, ay] = flat ? [1, SQRT3 / 2] : [SQRT3 / 2, 1];
    for (const r of m.routes) {
      if (!r.hexes.some((h) => visible.has(h))) continue;
      const color = m.palette.routes.find((k) => k.key === r.kind)?.color ?? "#ff00ff";
      const p = new Path2D();
      // Continued to the map edge where the route leaves the map (an exit at its end hex).
      const pts: [number, number][] = r.hexes.map((h) => [g.cx[h], g.cy[h]]);
      const edgePoint = (h: number): [number, number] | null => {
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
      pts.forEach(([x, y], k) => (k === 0 ? p.moveTo(x, y) : p.lineTo(x, y)));
      const w = Math.max(2 / pxPerUnit, 0.2);
      ctx.strokeStyle = "rgba(246,240,220,0.75)";
      ctx.lineWidth = w + Math.max(2 / pxPerUnit, 0.08);
      ctx.stroke(p);
      ctx.strokeStyle = color;
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
      ctx.fillStyle = "rgba(250,248,241,0.85)";
      ctx.fillRect(tx - 2, ty - 7, w + 4, 14);
      ctx.fillStyle = "#2b2b2b";
      ctx.fillText(e.name, tx, ty);
    }
  }
}

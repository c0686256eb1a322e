// Hex geometry for drawing and hit-testing: the display side of the core's Grid (src/map/grid.rs).
// World units are hex radii; hex centres match Grid::center up to a constant offset. Hexes are
// addressed by index (row-major, 0-based), as the shell's transport types do.

export type Orientation = "flat" | "pointy";
export type Shove = "even" | "odd";

export interface GridSpec {
  orientation: Orientation;
  shove: Shove;
  columns: number;
  rows: number;
}

export const SQRT3 = Math.sqrt(3);

export class HexGrid {
  readonly spec: GridSpec;
  readonly len: number;
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  /** World bounds of the whole map (hex corners included). */
  readonly bounds: { x0: number; y0: number; x1: number; y1: number };
  private readonly colDigits: number;
  private readonly rowDigits: number;

  constructor(spec: GridSpec) {
    this.spec = spec;
    this.len = spec.columns * spec.rows;
    this.cx = new Float64Array(this.len);
    this.cy = new Float64Array(this.len);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i < this.len; i++) {
      const [x, y] = this.centerOf(i % spec.columns, Math.floor(i / spec.columns));
      this.cx[i] = x;
      this.cy[i] = y;
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    const [ex, ey] = spec.orientation === "flat" ? [1, SQRT3 / 2] : [SQRT3 / 2, 1];
    this.bounds = { x0: x0 - ex, y0: y0 - ey, x1: x1 + ex, y1: y1 + ey };
    this.colDigits = Math.max(2, String(spec.columns).length);
    this.rowDigits = Math.max(2, String(spec.rows).length);
  }

  /** Printed columns (flat) or rows (pointy) that sit half a hex lower (right). */
  private shoved(printed: number): boolean {
    return this.spec.shove === "even" ? printed % 2 === 0 : printed % 2 === 1;
  }

  /** Centre of the hex at 0-based column c, row r. */
  centerOf(c: number, r: number): [number, number] {
    if (this.spec.orientation === "flat") {
      return [1.5 * c, SQRT3 * (r + (this.shoved(c + 1) ? 0.5 : 0))];
    }
    return [SQRT3 * (c + (this.shoved(r + 1) ? 0.5 : 0)), 1.5 * r];
  }

  index(c: number, r: number): number {
    if (c < 0 || r < 0 || c >= this.spec.columns || r >= this.spec.rows) return -1;
    return r * this.spec.columns + c;
  }

  col(i: number): number {
    return i % this.spec.columns;
  }

  row(i: number): number {
    return Math.floor(i / this.spec.columns);
  }

  /** The printed name: "0812" (column 08, row 12). */
  name(i: number): string {
    const c = String(this.col(i) + 1).padStart(this.colDigits, "0");
    const r = String(this.row(i) + 1).padStart(this.rowDigits, "0");
    return c + r;
  }

  parse(name: string): number {
    if (name.length !== this.colDigits + this.rowDigits || !/^\d+$/.test(name)) return -1;
    const c = parseInt(name.slice(0, this.colDigits), 10) - 1;
    const r = parseInt(name.slice(this.colDigits), 10) - 1;
    return this.index(c, r);
  }

  /** The hex whose centre is nearest a world point, or -1 off the map. */
  hexAt(x: number, y: number): number {
    const flat = this.spec.orientation === "flat";
    const c0 = flat ? Math.round(x / 1.5) : Math.round(x / SQRT3);
    const r0 = flat ? Math.round(y / SQRT3) : Math.round(y / 1.5);
    let best = -1, bestD = Infinity;
    for (let dc = -1; dc <= 1; dc++) {
      for (let dr = -1; dr <= 1; dr++) {
        const i = this.index(c0 + dc, r0 + dr);
        if (i < 0) continue;
        const d = (this.cx[i] - x) ** 2 + (this.cy[i] - y) ** 2;
        if (d < bestD) { bestD = d; best = i; }
      }
    }
    // Outside the map: a point beyond every hex's reach.
    return bestD <= 1.0001 ? best : -1;
  }

  /** Neighbours on the map (up to six). */
  neighbors(i: number): number[] {
    const c = this.col(i), r = this.row(i);
    const out: number[] = [];
    for (let dc = -1; dc <= 1; dc++) {
      for (let dr = -1; dr <= 1; dr++) {
        if (dc === 0 && dr === 0) continue;
        const j = this.index(c + dc, r + dr);
        if (j < 0) continue;
        const d = (this.cx[j] - this.cx[i]) ** 2 + (this.cy[j] - this.cy[i]) ** 2;
        if (Math.abs(d - 3) < 1e-6) out.push(j);
      }
    }
    return out;
  }

  /** Hexes within `radius` steps of i (a brush of 1, 7 or 19 hexes). */
  within(i: number, radius: number): number[] {
    const seen = new Set([i]);
    let ring = [i];
    for (let k = 0; k < radius; k++) {
      const next: number[] = [];
      for (const h of ring) for (const n of this.neighbors(h)) if (!seen.has(n)) { seen.add(n); next.push(n); }
      ring = next;
    }
    return [...seen];
  }

  /** The six corners of hex i at radius r (world units). */
  corners(i: number, r = 1): [number, number][] {
    const a0 = this.spec.orientation === "flat" ? 0 : Math.PI / 6;
    const out: [number, number][] = [];
    for (let k = 0; k < 6; k++) {
      const a = a0 + (k * Math.PI) / 3;
      out.push([this.cx[i] + r * Math.cos(a), this.cy[i] + r * Math.sin(a)]);
    }
    return out;
  }

  /** End points of the side shared by two adjacent hexes. */
  side(a: number, b: number): [[number, number], [number, number]] {
    const mx = (this.cx[a] + this.cx[b]) / 2, my = (this.cy[a] + this.cy[b]) / 2;
    const dx = this.cx[b] - this.cx[a], dy = this.cy[b] - this.cy[a];
    const len = Math.hypot(dx, dy);
    const px = (-dy / len) * 0.5, py = (dx / len) * 0.5;
    return [[mx + px, my + py], [mx - px, my - py]];
  }

  /** The hexside nearest a world point: the hex under it and the neighbour across the side
   * the point is closest to; null off the map or at the map's outer edge. */
  sideAt(x: number, y: number): [number, number] | null {
    const h = this.hexAt(x, y);
    if (h < 0) return null;
    let best = -1, bestDot = -Infinity;
    const vx = x - this.cx[h], vy = y - this.cy[h];
    for (const n of this.neighbors(h)) {
      const dot = vx * (this.cx[n] - this.cx[h]) + vy * (this.cy[n] - this.cy[h]);
      if (dot > bestDot) { bestDot = dot; best = n; }
    }
    // Only when the point is nearer that side than the hex's other sides would allow.
    if (best < 0 || bestDot / SQRT3 < 0.25) return null;
    return h < best ? [h, best] : [best, h];
  }
}

export function sideKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

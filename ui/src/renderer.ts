// The map view: a canvas drawn in layers (underlay, terrain with elevation shading, grid,
// contours, hexsides, roads, feature labels, hex numbers, problems, tool overlays).
//
// Speed: when few enough hexes are on screen, each frame draws them as paths batched by colour;
// when many are (a 200 x 200 map zoomed out), the frame is one drawImage of a cached picture of
// the whole map, patched hex by hex as edits arrive, so pan and zoom stay within a frame.

import { HexGrid, SQRT3 } from "./geometry";
import type { MapModel } from "./model";

export interface Layers {
  underlay: boolean;
  terrain: boolean;
  elevation: boolean;
  grid: boolean;
  hexsides: boolean;
  routes: boolean;
  labels: boolean;
  numbers: boolean;
  problems: boolean;
}

export interface Overlay {
  hover: number;
  brush: number[];
  path: number[];
  side: [number, number] | null;
  feature: string | null;
}

/** Above this many hexes on screen, frames are drawn from the cached picture. */
export const VECTOR_LIMIT = 3000;
const BITMAP_MAX_SIDE = 4096;
const BITMAP_MAX_SCALE = 12;
const MIN_SCALE = 0.5;
const MAX_SCALE = 200;

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return [204, 204, 204];
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function css([r, g, b]: [number, number, number], k = 1, a = 1): string {
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v * k)));
  return a === 1 ? `rgb(${f(r)},${f(g)},${f(b)})` : `rgba(${f(r)},${f(g)},${f(b)},${a})`;
}

const GRID_COLOR = "rgba(70,64,52,0.55)";
const CONTOUR_COLOR = "#8a5e2c";
const PAPER = "#faf8f1";

export class MapRenderer {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  model: MapModel | null = null;
  /** Pixels per hex radius (CSS pixels). */
  scale = 20;
  ox = 0;
  oy = 0;
  private dpr = 1;
  private width = 0;
  private height = 0;
  layers: Layers = {
    underlay: true, terrain: true, elevation: true, grid: true, hexsides: true, routes: true,
    labels: true, numbers: true, problems: true,
  };
  overlay: Overlay = { hover: -1, brush: [], path: [], side: null, feature: null };
  underlayImage: CanvasImageSource | null = null;
  private underlaySize: [number, number] = [0, 0];
  private styles: string[][] = [];
  private dark: boolean[] = [];
  private neighbors: Int32Array = new Int32Array(0);
  private bitmap: HTMLCanvasElement | null = null;
  private bitmapScale = 1;
  private bitmapStale = true;
  private bitmapVersion = -1;
  private pending = false;
  /** Durations of the last draws (ms), for the benchmark. */
  readonly drawTimes: number[] = [];
  /** Called after each frame is drawn. */
  onDrawn: (() => void) | null = null;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    const ctx = canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("no 2D canvas");
    this.ctx = ctx;
  }

  setModel(model: MapModel | null): void {
    this.model = model;
    this.bitmap = null;
    this.bitmapStale = true;
    this.underlayImage = null;
    if (!model) return;
    const { grid, palette } = model;
    this.styles = palette.terrain.map((t) => {
      const c = rgb(t.color);
      return Array.from({ length: 10 }, (_, level) => css(c, 1 - 0.07 * Math.min(level, 6)));
    });
    this.styles.push(Array.from({ length: 10 }, () => "#ff00ff"));
    this.dark = palette.terrain.map((t) => {
      const [r, g, b] = rgb(t.color);
      return 0.299 * r + 0.587 * g + 0.114 * b < 110;
    });
    this.neighbors = new Int32Array(grid.len * 6).fill(-1);
    for (let i = 0; i < grid.len; i++) {
      grid.neighbors(i).forEach((n, k) => (this.neighbors[i * 6 + k] = n));
    }
    this.fit();
  }

  setUnderlayImage(img: CanvasImageSource | null, w = 0, h = 0): void {
    this.underlayImage = img;
    this.underlaySize = [w, h];
    this.requestDraw();
  }

  resize(): void {
    const r = this.canvas.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
    this.width = Math.max(1, Math.round(r.width));
    this.height = Math.max(1, Math.round(r.height));
    this.canvas.width = Math.round(this.width * this.dpr);
    this.canvas.height = Math.round(this.height * this.dpr);
    this.requestDraw();
  }

  fit(): void {
    if (!this.model) return;
    if (this.width <= 1) this.resize();
    const b = this.model.grid.bounds;
    const pad = 16;
    const s = Math.min((this.width - 2 * pad) / (b.x1 - b.x0), (this.height - 2 * pad) / (b.y1 - b.y0));
    this.scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, s));
    this.ox = (this.width - (b.x1 - b.x0) * this.scale) / 2 - b.x0 * this.scale;
    this.oy = (this.height - (b.y1 - b.y0) * this.scale) / 2 - b.y0 * this.scale;
    this.requestDraw();
  }

  /** Zoom by `factor` keeping the screen point (sx, sy) still. */
  zoomAt(factor: number, sx = this.width / 2, sy = this.height / 2): void {
    const s = Math.max(MIN_SCALE, Math.min(MAX_SCALE, this.scale * factor));
    const k = s / this.scale;
    this.ox = sx - (sx - this.ox) * k;
    this.oy = sy - (sy - this.oy) * k;
    this.scale = s;
    this.requestDraw();
  }

  panBy(dx: number, dy: number): void {
    this.ox += dx;
    this.oy += dy;
    this.requestDraw();
  }

  /** Centre the view on hex i. */
  centerOn(i: number): void {
    if (!this.model) return;
    this.ox = this.width / 2 - this.model.grid.cx[i] * this.scale;
    this.oy = this.height / 2 - this.model.grid.cy[i] * this.scale;
    this.requestDraw();
  }

  toWorld(sx: number, sy: number): [number, number] {
    return [(sx - this.ox) / this.scale, (sy - this.oy) / this.scale];
  }

  toScreen(wx: number, wy: number): [number, number] {
    return [wx * this.scale + this.ox, wy * this.scale + this.oy];
  }

  /** Hexes changed: patch the cached picture (if any) and redraw. */
  cellsChanged(cells: number[]): void {
    if (this.bitmap && !this.bitmapStale && cells.length > 0) {
      const bctx = this.bitmap.getContext("2d")!;
      bctx.setTransform(this.bitmapScale, 0, 0, this.bitmapScale, -this.model!.grid.bounds.x0 * this.bitmapScale, -this.model!.grid.bounds.y0 * this.bitmapScale);
      const touched = new Set<number>();
      for (const i of cells) { touched.add(i); for (let k = 0; k < 6; k++) { const n = this.neighbors[i * 6 + k]; if (n >= 0) touched.add(n); } }
      this.drawCells(bctx, [...touched], this.bitmapScale, true, touched);
    }
    this.requestDraw();
  }

  requestDraw(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  }

  /** The visible hexes: index ranges of columns and rows. */
  private visibleRange(): [number, number, number, number] {
    const g = this.model!.grid;
    const [x0, y0] = this.toWorld(0, 0);
    const [x1, y1] = this.toWorld(this.width, this.height);
    const flat = g.spec.orientation === "flat";
    const [dx, dy] = flat ? [1.5, SQRT3] : [SQRT3, 1.5];
    const c0 = Math.max(0, Math.floor((x0 - 1) / dx) - 1);
    const c1 = Math.min(g.spec.columns - 1, Math.ceil((x1 + 1) / dx) + 1);
    const r0 = Math.max(0, Math.floor((y0 - 1) / dy) - 1);
    const r1 = Math.min(g.spec.rows - 1, Math.ceil((y1 + 1) / dy) + 1);
    return [c0, c1, r0, r1];
  }

  draw(): void {
    const t0 = performance.now();
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = "#d9d4c5";
    ctx.fillRect(0, 0, this.width, this.height);
    const m = this.model;
    if (m) {
      const [c0, c1, r0, r1] = this.visibleRange();
      const count = Math.max(0, c1 - c0 + 1) * Math.max(0, r1 - r0 + 1);
      const s = this.scale * this.dpr;
      if (count > VECTOR_LIMIT) {
        this.drawFromBitmap();
      } else {
        const cells: number[] = [];
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(r * m.grid.spec.columns + c);
        ctx.setTransform(s, 0, 0, s, this.ox * this.dpr, this.oy * this.dpr);
        this.drawCells(ctx, cells, this.scale, false, null);
        this.drawTop(ctx, cells);
      }
      ctx.setTransform(s, 0, 0, s, this.ox * this.dpr, this.oy * this.dpr);
      this.drawOverlay(ctx);
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      if (count <= VECTOR_LIMIT) this.drawText(ctx, c0, c1, r0, r1);
    }
    this.drawTimes.push(performance.now() - t0);
    if (this.drawTimes.length > 600) this.drawTimes.splice(0, 300);
    this.onDrawn?.();
  }

  private hexPath(path: Path2D, g: HexGrid, i: number, r: number): void {
    const x = g.cx[i], y = g.cy[i];
    if (g.spec.orientation === "flat") {
      const h = (r * SQRT3) / 2;
      path.moveTo(x + r, y);
      path.lineTo(x + r / 2, y + h);
      path.lineTo(x - r / 2, y + h);
      path.lineTo(x - r, y);
      path.lineTo(x - r / 2, y - h);
      path.lineTo(x + r / 2, y - h);
    } else {
      const w = (r * SQRT3) / 2;
      path.moveTo(x + w, y + r / 2);
      path.lineTo(x, y + r);
      path.lineTo(x - w, y + r / 2);
      path.lineTo(x - w, y - r / 2);
      path.lineTo(x, y - r);
      path.lineTo(x + w, y - r / 2);
    }
    path.closePath();
  }

  /** Terrain, shading, underlay, grid, contours, hexsides and routes of `cells`, in world
   * units. `only`: when patching the cached picture, routes and hexsides touching these. */
  private drawCells(
    ctx: CanvasRenderingContext2D, cells: number[], pxPerUnit: number, cached: boolean,
    only: Set<number> | null,
  ): void {
    const m = this.model!;
    const g = m.grid;
    const L = this.layers;
    const grow = 0.6 / pxPerUnit;
    if (L.terrain) {
      const paths = new Map<string, Path2D>();
      for (const i of cells) {
        const level = L.elevation ? m.elevation[i] : 0;
        const style = (this.styles[m.terrain[i]] ?? this.styles[this.styles.length - 1])[level];
        let p = paths.get(style);
        if (!p) { p = new Path2D(); paths.set(style, p); }
        this.hexPath(p, g, i, 1 + grow);
      }
      for (const [style, p] of paths) { ctx.fillStyle = style; ctx.fill(p); }
    } else {
      const p = new Path2D();
      for (const i of cells) this.hexPath(p, g, i, 1 + grow);
      ctx.fillStyle = PAPER;
      ctx.fill(p);
    }
    if (!cached) this.drawUnderlay(ctx);
    if (L.grid && pxPerUnit >= 4) {
      const p = new Path2D();
      for (const i of cells) this.hexPath(p, g, i, 1);
      ctx.strokeStyle = GRID_COLOR;
      ctx.lineWidth = 1 / pxPerUnit;
      ctx.stroke(p);
    }
    if (L.elevation) {
      const p = new Path2D();
      for (const i of cells) {
        for (let k = 0; k < 6; k++) {
          const n = this.neighbors[i * 6 + k];
          if (n > i && m.elevation[n] !== m.elevation[i]) {
            const [a, b] = g.side(i, n);
            p.moveTo(a[0], a[1]);
            p.lineTo(b[0], b[1]);
          }
        }
      }
      ctx.strokeStyle = CONTOUR_COLOR;
      ctx.lineWidth = Math.max(1.2 / pxPerUnit, 0.05);
      ctx.stroke(p);
    }
    const visible = only ?? new Set(cells);
    if (L.hexsides) {
      ctx.lineCap = "round";
      for (const s of m.hexsides.values()) {
        if (!visible.has(s.a) && !visible.has(s.b)) continue;
        const [a, b] = g.side(s.a, s.b);
        const n = s.features.length;
        const w = Math.max(2.5 / pxPerUnit, n > 1 ? 0.11 : 0.15);
        const dx = (g.cx[s.b] - g.cx[s.a]) / SQRT3, dy = (g.cy[s.b] - g.cy[s.a]) / SQRT3;
        s.features.forEach((f, k) => {
          const off = (k - (n - 1) / 2) * w * 1.15;
          const color = m.palette.hexsides.find((h) => h.key === f)?.color ?? "#ff00ff";
          ctx.strokeStyle = color;
          ctx.lineWidth = w;
          ctx.beginPath();
          ctx.moveTo(a[0] + dx * off, a[1] + dy * off);
          ctx.lineTo(b[0] + dx * off, b[1] + dy * off);
          ctx.stroke();
        });
      }
    }
    if (L.routes) {
      ctx.lineJoin = "round";
      ctx.lineCap = "round";
      for (const r of m.routes) {
        if (!r.hexes.some((h) => visible.has(h))) continue;
        const color = m.palette.routes.find((k) => k.key === r.kind)?.color ?? "#8a5a2b";
        const p = new Path2D();
        r.hexes.forEach((h, k) => (k === 0 ? p.moveTo(g.cx[h], g.cy[h]) : p.lineTo(g.cx[h], g.cy[h])));
        const w = Math.max(2 / pxPerUnit, 0.11);
        ctx.strokeStyle = "rgba(246,240,220,0.75)";
        ctx.lineWidth = w + Math.max(2 / pxPerUnit, 0.06);
        ctx.stroke(p);
        ctx.strokeStyle = color;
        ctx.lineWidth = w;
        ctx.stroke(p);
      }
    }
  }

  private drawUnderlay(ctx: CanvasRenderingContext2D): void {
    const m = this.model!;
    const u = m.underlay;
    if (!u || !this.underlayImage || !this.layers.underlay) return;
    const g = m.grid;
    ctx.save();
    ctx.globalAlpha = u.opacity;
    // Underlay offsets are in the core's units, whose origin is hex 0101's centre.
    ctx.translate(u.x + g.cx[0], u.y + g.cy[0]);
    ctx.rotate((u.rotation_deg * Math.PI) / 180);
    ctx.scale(u.scale, u.scale);
    ctx.drawImage(this.underlayImage, 0, 0, this.underlaySize[0], this.underlaySize[1]);
    ctx.restore();
  }

  private ensureBitmap(): HTMLCanvasElement {
    const m = this.model!;
    if (this.bitmap && !this.bitmapStale && this.bitmapVersion === m.version) return this.bitmap;
    const b = m.grid.bounds;
    const w = b.x1 - b.x0, h = b.y1 - b.y0;
    const k = Math.min(BITMAP_MAX_SCALE, BITMAP_MAX_SIDE / w, BITMAP_MAX_SIDE / h);
    const canvas = this.bitmap ?? document.createElement("canvas");
    canvas.width = Math.ceil(w * k);
    canvas.height = Math.ceil(h * k);
    const bctx = canvas.getContext("2d")!;
    bctx.setTransform(1, 0, 0, 1, 0, 0);
    bctx.fillStyle = "#d9d4c5";
    bctx.fillRect(0, 0, canvas.width, canvas.height);
    bctx.setTransform(k, 0, 0, k, -b.x0 * k, -b.y0 * k);
    const all = Array.from({ length: m.grid.len }, (_, i) => i);
    this.drawCells(bctx, all, k, true, null);
    this.bitmap = canvas;
    this.bitmapScale = k;
    this.bitmapStale = false;
    this.bitmapVersion = m.version;
    return canvas;
  }

  private drawFromBitmap(): void {
    const ctx = this.ctx;
    const bm = this.ensureBitmap();
    const b = this.model!.grid.bounds;
    const k = this.bitmapScale;
    // Only the part on screen: source rectangle in bitmap pixels.
    const [wx0, wy0] = this.toWorld(0, 0);
    const [wx1, wy1] = this.toWorld(this.width, this.height);
    const sx0 = Math.max(0, (wx0 - b.x0) * k), sy0 = Math.max(0, (wy0 - b.y0) * k);
    const sx1 = Math.min(bm.width, (wx1 - b.x0) * k), sy1 = Math.min(bm.height, (wy1 - b.y0) * k);
    if (sx1 <= sx0 || sy1 <= sy0) return;
    const s = this.scale * this.dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(
      bm, sx0, sy0, sx1 - sx0, sy1 - sy0,
      (sx0 / k + b.x0) * s + this.ox * this.dpr, (sy0 / k + b.y0) * s + this.oy * this.dpr,
      ((sx1 - sx0) / k) * s, ((sy1 - sy0) / k) * s,
    );
    ctx.setTransform(s, 0, 0, s, this.ox * this.dpr, this.oy * this.dpr);
    this.drawUnderlay(ctx);
    this.drawProblems(ctx, null);
  }

  /** Problem hexes and the selected feature's hexes. */
  private drawTop(ctx: CanvasRenderingContext2D, cells: number[]): void {
    this.drawProblems(ctx, new Set(cells));
    const m = this.model!;
    if (this.overlay.feature) {
      const f = m.features.find((x) => x.code === this.overlay.feature);
      if (f) {
        const p = new Path2D();
        for (const h of f.hexes) this.hexPath(p, m.grid, h, 0.86);
        ctx.fillStyle = "rgba(40,90,200,0.18)";
        ctx.fill(p);
        ctx.strokeStyle = "rgba(40,90,200,0.9)";
        ctx.lineWidth = Math.max(2 / this.scale, 0.06);
        ctx.stroke(p);
      }
    }
  }

  private drawProblems(ctx: CanvasRenderingContext2D, visible: Set<number> | null): void {
    const m = this.model!;
    if (!this.layers.problems || m.problemHexes.size === 0) return;
    const p = new Path2D();
    for (const h of m.problemHexes) if (!visible || visible.has(h)) this.hexPath(p, m.grid, h, 0.9);
    ctx.strokeStyle = "#d0202a";
    ctx.lineWidth = Math.max(3 / this.scale, 0.1);
    ctx.stroke(p);
  }

  private drawOverlay(ctx: CanvasRenderingContext2D): void {
    const m = this.model!;
    const g = m.grid;
    const o = this.overlay;
    const px = 1 / this.scale;
    if (o.brush.length > 0) {
      const p = new Path2D();
      for (const h of o.brush) this.hexPath(p, g, h, 0.97);
      ctx.strokeStyle = "rgba(255,255,255,0.95)";
      ctx.lineWidth = 3 * px;
      ctx.stroke(p);
      ctx.strokeStyle = "rgba(20,20,20,0.9)";
      ctx.lineWidth = 1.2 * px;
      ctx.stroke(p);
    } else if (o.hover >= 0) {
      const p = new Path2D();
      this.hexPath(p, g, o.hover, 0.97);
      ctx.strokeStyle = "rgba(20,20,20,0.85)";
      ctx.lineWidth = 2 * px;
      ctx.stroke(p);
    }
    if (o.side) {
      const [a, b] = g.side(o.side[0], o.side[1]);
      ctx.strokeStyle = "rgba(255,230,0,0.95)";
      ctx.lineWidth = Math.max(5 * px, 0.18);
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.stroke();
    }
    if (o.path.length > 0) {
      ctx.strokeStyle = "rgba(200,40,40,0.85)";
      ctx.lineWidth = Math.max(3 * px, 0.12);
      ctx.lineJoin = "round";
      ctx.beginPath();
      o.path.forEach((h, k) => (k === 0 ? ctx.moveTo(g.cx[h], g.cy[h]) : ctx.lineTo(g.cx[h], g.cy[h])));
      ctx.stroke();
      for (const h of o.path) {
        ctx.beginPath();
        ctx.arc(g.cx[h], g.cy[h], Math.max(3 * px, 0.1), 0, 2 * Math.PI);
        ctx.fillStyle = "rgba(200,40,40,0.9)";
        ctx.fill();
      }
    }
  }

  /** Hex numbers and feature labels, in screen pixels so they stay crisp. */
  private drawText(ctx: CanvasRenderingContext2D, c0: number, c1: number, r0: number, r1: number): void {
    const m = this.model!;
    const g = m.grid;
    const s = this.scale;
    ctx.textAlign = "center";
    if (this.layers.numbers && s >= 16) {
      const size = Math.max(8, Math.min(14, s * 0.3));
      ctx.font = `${size}px "DejaVu Sans Mono", monospace`;
      ctx.textBaseline = "top";
      const top = g.spec.orientation === "flat" ? (SQRT3 / 2) * s - 2 : s * 0.55;
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const i = r * g.spec.columns + c;
          const [x, y] = this.toScreen(g.cx[i], g.cy[i]);
          ctx.fillStyle = this.dark[m.terrain[i]] ? "rgba(250,248,240,0.9)" : "rgba(36,34,30,0.75)";
          ctx.fillText(g.name(i), x, y - top + 3);
        }
      }
    }
    if (this.layers.labels && s >= 6) {
      const size = Math.max(10, Math.min(16, s * 0.45));
      ctx.font = `bold ${size}px "DejaVu Sans", sans-serif`;
      ctx.textBaseline = "middle";
      for (const f of m.features) {
        if (f.hexes.length === 0) continue;
        let sx = 0, sy = 0;
        for (const h of f.hexes) { sx += g.cx[h]; sy += g.cy[h]; }
        const [x, y] = this.toScreen(sx / f.hexes.length, sy / f.hexes.length);
        if (x < -50 || y < -20 || x > this.width + 50 || y > this.height + 20) continue;
        const w = ctx.measureText(f.code).width + 8;
        ctx.fillStyle = "rgba(255,254,248,0.92)";
        ctx.strokeStyle = "#24221e";
        ctx.lineWidth = 1;
        ctx.fillRect(x - w / 2, y - size * 0.7, w, size * 1.4);
        ctx.strokeRect(x - w / 2, y - size * 0.7, w, size * 1.4);
        ctx.fillStyle = "#24221e";
        ctx.fillText(f.code, x, y + 1);
      }
    }
  }
}

// The map view: a canvas drawn in layers (underlay, terrain with elevation shading, grid,
// contours, hexsides, roads, feature labels, hex numbers, problems, tool overlays).
//
// Speed: frames are copies of cached pictures, so pan and zoom stay within a frame on large maps.
// The map is cut into 256 px tiles drawn at the power of two nearest the current scale (so a
// tile is shown at 71-141 % of its size). The overview level (the whole map within 4096 px) is
// drawn ahead, tile by tile, while the view is idle; levels below it are made by scaling its
// tiles down (mipmaps), so zoomed far out a frame costs copies, not hexes. Missing tiles are drawn
// within a time budget per frame, lower levels standing in for the rest until the next frame. An
// edit redraws only the region it touched in each cached tile. Beyond 128 px per hex radius the
// few hexes on screen are drawn directly.

import { HexGrid, SQRT3 } from "./geometry";
import type { MapModel, Region } from "./model";

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

/** Tile side in device pixels. */
const TILE = 256;
/** Tiles kept beyond the overview level's (256 KB each). */
const TILE_CACHE = 320;
/** The overview level draws the whole map within this many device pixels a side. */
const OVERVIEW_SIDE = 4096;
/** Time a frame may spend drawing missing tiles (ms), while the view moves and while still. */
const TILE_BUDGET = 3;
const TILE_BUDGET_STILL = 8;
/** A band of a tile is not started if the frame would then likely pass this (ms). */
const FRAME_TARGET = 7;
const FRAME_TARGET_STILL = 11;
/** A tile is drawn in this many horizontal bands, one at a time, so that no single step of
 * drawing (a dense overview tile can take over 10 ms in software) holds a frame up. */
const BANDS = 8;
/** How long the view must be still before frames are drawn filtered (ms). */
const STILL_MS = 120;
/** Above this many device pixels per hex radius, hexes are drawn directly. */
const DIRECT_SCALE = 128;
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
  private tiles = new Map<string, { canvas: HTMLCanvasElement; level: number; tx: number; ty: number; used: number }>();
  /** Tiles being drawn, band by band: `bands` of BANDS are painted. Never shown until done. */
  private partial = new Map<string, { canvas: HTMLCanvasElement; bands: number; used: number }>();
  /** The slowest recent band (ms, decaying), to decide whether another fits in a frame. */
  private bandMs = 8;
  /** Bands painted in the current frame, and when the frame began. */
  private bandsThisFrame = 0;
  private frameStart = 0;
  private frameNo = 0;
  private lastMotion = 0;
  private stillTimer = 0;
  private pending = false;
  /** Tiles drawn and the time spent drawing them (ms), for the benchmark. */
  readonly tileStats = { drawn: 0, bands: 0, ms: 0, mips: 0, maxMs: 0 };
  /** Whether the last frame showed every tile at its own level, filtered: the picture is
   * final until the view or the map changes (tests wait for it before screenshots). */
  complete = true;
  /** Whether the view has not moved for STILL_MS: tiles may then take more of a frame. */
  private still = false;
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
    this.complete = !model;
    this.tiles.clear();
    this.partial.clear();
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
    this.invalidateAll();
  }

  resize(): void {
    const r = this.canvas.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
    this.width = Math.max(1, Math.round(r.width));
    this.height = Math.max(1, Math.round(r.height));
    this.canvas.width = Math.round(this.width * this.dpr);
    this.canvas.height = Math.round(this.height * this.dpr);
    // Bands already painted may be at another pixel ratio.
    this.partial.clear();
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
    this.lastMotion = performance.now();
    this.requestDraw();
  }

  panBy(dx: number, dy: number): void {
    this.ox += dx;
    this.oy += dy;
    this.lastMotion = performance.now();
    this.requestDraw();
  }

  private redrawWhenStill(): void {
    clearTimeout(this.stillTimer);
    this.stillTimer = window.setTimeout(() => this.requestDraw(), STILL_MS + 10);
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

  /** Forget every cached picture (layers or the underlay changed). */
  invalidateAll(): void {
    this.tiles.clear();
    this.partial.clear();
    this.requestDraw();
  }

  /** Hexes changed (drawn before the core answers). */
  cellsChanged(cells: number[]): void {
    const r = this.model?.bounds(cells);
    this.invalidate(r ? [r] : []);
  }

  /** Redraw these world regions in every cached picture, then the frame. */
  invalidate(regions: Region[]): void {
    const m = this.model;
    if (!m) return;
    // A tile half drawn where the map changed is started again (its bands may show the old map).
    for (const key of [...this.partial.keys()]) {
      const [lv, tx, ty] = key.split(":").map(Number);
      const x0 = (tx * TILE) / lv, y0 = (ty * TILE) / lv, span = TILE / lv;
      if (regions.some((r) => !(r[2] < x0 || r[0] > x0 + span || r[3] < y0 || r[1] > y0 + span))) {
        this.partial.delete(key);
      }
    }
    for (const r of regions) {
      const min = this.minLevel();
      const touched = [...this.tiles.values()]
        .filter((t) => {
          const x0 = (t.tx * TILE) / t.level, y0 = (t.ty * TILE) / t.level, span = TILE / t.level;
          return !(r[2] < x0 || r[0] > x0 + span || r[3] < y0 || r[1] > y0 + span);
        })
        .sort((a, b) => b.level - a.level);
      for (const t of touched) {
        if (t.level < min) this.makeMip(t.level, t.tx, t.ty);
        else this.paintSurface(t.canvas, t.level, (t.tx * TILE) / t.level, (t.ty * TILE) / t.level, r);
      }
    }
    this.requestDraw();
  }

  requestDraw(): void {
    this.complete = false;
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
    this.frameNo++;
    this.complete = true;
    this.bandsThisFrame = 0;
    this.frameStart = t0;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#d9d4c5";
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    const m = this.model;
    if (m) {
      const ds = this.scale * this.dpr;
      const world = () => ctx.setTransform(ds, 0, 0, ds, this.ox * this.dpr, this.oy * this.dpr);
      if (ds > DIRECT_SCALE) {
        const [c0, c1, r0, r1] = this.visibleRange();
        const cells: number[] = [];
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(r * m.grid.spec.columns + c);
        world();
        this.drawCells(ctx, cells, ds, new Set(cells));
        ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
        this.drawText(ctx, cells, this.scale, (wx, wy) => this.toScreen(wx, wy), null, true);
      } else {
        this.drawTiles(ds, t0);
        ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
        this.drawText(ctx, [], this.scale, (wx, wy) => this.toScreen(wx, wy), null, true);
      }
      world();
      this.drawTop(ctx);
      this.drawOverlay(ctx);
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawExits(ctx);
    }
    this.drawTimes.push(performance.now() - t0);
    if (this.drawTimes.length > 600) this.drawTimes.splice(0, 300);
    this.onDrawn?.();
  }

  /** The overview level: the largest power of two at which the whole map fits in
   * OVERVIEW_SIDE pixels. Its tiles are drawn ahead when the view is idle and never evicted; they
   * stand in for tiles not drawn yet, and the levels below are made from them (mipmaps). */
  private minLevel(): number {
    const b = this.model!.grid.bounds;
    const fit = OVERVIEW_SIDE / Math.max(b.x1 - b.x0, b.y1 - b.y0);
    // At most 16 px per radius: below the scale of hex numbers, which must not be scaled down.
    return Math.min(16, Math.pow(2, Math.floor(Math.log2(Math.max(fit, 1 / 64)))));
  }

  /** Draw one overview tile not drawn yet; false when all are. */
  private prefetch(): boolean {
    const lv = this.minLevel();
    const b = this.model!.grid.bounds;
    const span = TILE / lv;
    for (let ty = Math.floor(b.y0 / span); ty <= Math.floor(b.y1 / span); ty++) {
      for (let tx = Math.floor(b.x0 / span); tx <= Math.floor(b.x1 / span); tx++) {
        if (!this.tiles.has(`${lv}:${tx}:${ty}`)) {
          this.makeTile(lv, tx, ty);
          return true;
        }
      }
    }
    return false;
  }

  private drawTiles(ds: number, t0: number): void {
    const ctx = this.ctx;
    const level = Math.max(this.minLevel() / 64, Math.pow(2, Math.round(Math.log2(ds))));
    const min = this.minLevel();
    const k = ds / level;
    const [wx0, wy0] = this.toWorld(0, 0);
    const [wx1, wy1] = this.toWorld(this.width, this.height);
    const b = this.model!.grid.bounds;
    const span = TILE / level;
    const tx0 = Math.floor(Math.max(wx0, b.x0) / span), tx1 = Math.floor(Math.min(wx1, b.x1) / span);
    const ty0 = Math.floor(Math.max(wy0, b.y0) / span), ty1 = Math.floor(Math.min(wy1, b.y1) / span);
    let missing = false;
    // While the view moves, tiles are copied without filtering (half the cost in software);
    // once it has been still for a moment, the frame is drawn again, filtered.
    const still = performance.now() - this.lastMotion > STILL_MS;
    this.still = still;
    ctx.imageSmoothingEnabled = still;
    if (!still) {
      this.redrawWhenStill();
      this.complete = false;
    }
    // Nearest the centre first, so the budget goes where the eye is.
    const order: [number, number][] = [];
    for (let ty = ty0; ty <= ty1; ty++) for (let tx = tx0; tx <= tx1; tx++) order.push([tx, ty]);
    // Tiles not drawn yet stand in as one picture of the whole view from a lower level (a few
    // large copies, not several per missing tile); the tiles drawn are copied over it.
    if (order.some(([tx, ty]) => !this.tiles.has(`${level}:${tx}:${ty}`))) {
      this.drawStandIn(level, [Math.max(wx0, b.x0), Math.max(wy0, b.y0), Math.min(wx1, b.x1), Math.min(wy1, b.y1)]);
    }
    const mx = (tx0 + tx1) / 2, my = (ty0 + ty1) / 2;
    order.sort((p, q) => Math.hypot(p[0] - mx, p[1] - my) - Math.hypot(q[0] - mx, q[1] - my));
    for (const [tx, ty] of order) {
      const key = `${level}:${tx}:${ty}`;
      let tile = this.tiles.get(key);
      while (!tile && this.mayPaint(t0)) {
        if (level >= min) tile = this.makeTile(level, tx, ty);
        // Scaling down is work too: only within the time budget.
        else if (performance.now() - t0 >= this.tileBudget()) break;
        // A mipmap waits for its overview tiles: draw more of them in this frame.
        else if (!(tile = this.makeMip(level, tx, ty)) && !this.prefetch()) break;
      }
      const x0 = Math.round(tx * TILE * k + this.ox * this.dpr);
      const y0 = Math.round(ty * TILE * k + this.oy * this.dpr);
      const x1 = Math.round((tx + 1) * TILE * k + this.ox * this.dpr);
      const y1 = Math.round((ty + 1) * TILE * k + this.oy * this.dpr);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (tile) {
        tile.used = this.frameNo;
        ctx.drawImage(tile.canvas, x0, y0, x1 - x0, y1 - y0);
      } else {
        missing = true;
      }
    }
    if (missing) {
      this.complete = false;
      this.requestDraw();
    }
    else if (this.mayPaint(t0) && this.prefetch()) this.requestDraw();
  }

  private tileBudget(): number {
    return this.still ? TILE_BUDGET_STILL : TILE_BUDGET;
  }

  /** Whether this frame, begun at t0, may paint another band of a tile: within TILE_BUDGET and
   * not likely to pass FRAME_TARGET; the first band of a frame always may, so drawing goes on. */
  private mayPaint(t0: number): boolean {
    if (this.bandsThisFrame === 0) return true;
    const spent = performance.now() - t0;
    const [budget, target] = this.still ? [TILE_BUDGET_STILL, FRAME_TARGET_STILL] : [TILE_BUDGET, FRAME_TARGET];
    return spent < budget && spent + this.bandMs < target;
  }

  /** Paint the next band of a tile; the tile once its last band is painted, else undefined. */
  private makeTile(level: number, tx: number, ty: number) {
    const t0 = performance.now();
    const key = `${level}:${tx}:${ty}`;
    let p = this.partial.get(key);
    if (!p) {
      const canvas = document.createElement("canvas");
      canvas.width = TILE;
      canvas.height = TILE;
      p = { canvas, bands: 0, used: this.frameNo };
      this.partial.set(key, p);
      // Tiles begun and left (the view moved on) are dropped after a while.
      for (const [k, q] of this.partial) if (this.frameNo - q.used > 120) this.partial.delete(k);
    }
    p.used = this.frameNo;
    // Bands are whole pixel rows (TILE / BANDS), so painting them one by one gives the same
    // pixels as painting the tile at once: paintSurface clips to the band and draws every hex
    // reaching into it.
    const x0 = (tx * TILE) / level, y0 = (ty * TILE) / level, span = TILE / level;
    const band: Region = [x0, y0 + (span * p.bands) / BANDS, x0 + span, y0 + (span * (p.bands + 1)) / BANDS];
    this.paintSurface(p.canvas, level, x0, y0, band);
    p.bands++;
    this.bandsThisFrame++;
    this.tileStats.bands++;
    const dt = performance.now() - t0;
    // Bands differ (an empty corner, a dense village): plan for the slowest lately seen.
    this.bandMs = Math.max(0.95 * this.bandMs, dt);
    this.tileStats.ms += dt;
    this.tileStats.maxMs = Math.max(this.tileStats.maxMs, dt);
    if (p.bands < BANDS) return undefined;
    this.partial.delete(key);
    const tile = { canvas: p.canvas, level, tx, ty, used: this.frameNo };
    this.tiles.set(key, tile);
    this.tileStats.drawn++;
    if (this.tiles.size > TILE_CACHE) {
      const min = this.minLevel();
      const oldest = [...this.tiles.entries()]
        .filter(([, t]) => t.level > min)
        .sort((a, b) => a[1].used - b[1].used)
        .slice(0, this.tiles.size - TILE_CACHE);
      for (const [k] of oldest) this.tiles.delete(k);
    }
    return tile;
  }

  /** A tile below the overview level: its four children (one level up) scaled down, so
   * zoomed far out the map costs copies, not hexes. Undefined if a child is not drawn yet. */
  private makeMip(level: number, tx: number, ty: number) {
    const b = this.model!.grid.bounds;
    const min = this.minLevel();
    const up = level * 2;
    const span = TILE / up;
    const children: [HTMLCanvasElement, number, number][] = [];
    for (let dy = 0; dy < 2; dy++) {
      for (let dx = 0; dx < 2; dx++) {
        const cx = 2 * tx + dx, cy = 2 * ty + dy;
        if ((cx + 1) * span < b.x0 || cx * span > b.x1 || (cy + 1) * span < b.y0 || cy * span > b.y1) continue;
        let c = this.tiles.get(`${up}:${cx}:${cy}`);
        // Scaling tiles down is work too (it rasterises their drawing): within the budget.
        if (!c && up < min && performance.now() - this.frameStart < this.tileBudget()) {
          c = this.makeMip(up, cx, cy);
        }
        if (!c) return undefined;
        children.push([c.canvas, dx, dy]);
      }
    }
    const key = `${level}:${tx}:${ty}`;
    const canvas = this.tiles.get(key)?.canvas ?? document.createElement("canvas");
    canvas.width = TILE;
    canvas.height = TILE;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#d9d4c5";
    ctx.fillRect(0, 0, TILE, TILE);
    ctx.imageSmoothingEnabled = true;
    for (const [c, dx, dy] of children) ctx.drawImage(c, dx * (TILE / 2), dy * (TILE / 2), TILE / 2, TILE / 2);
    const tile = { canvas, level, tx, ty, used: this.frameNo };
    this.tiles.set(key, tile);
    this.tileStats.mips++;
    return tile;
  }

  /** Draw the map onto a cached picture whose top-left is world (x0, y0) at `k` device px per
   * radius; with `region`, only that world rectangle (the rest is kept). */
  private paintSurface(canvas: HTMLCanvasElement, k: number, x0: number, y0: number, region: Region | null): void {
    const m = this.model!;
    const g = m.grid;
    const ctx = canvas.getContext("2d")!;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    let rx0 = x0, ry0 = y0, rx1 = x0 + canvas.width / k, ry1 = y0 + canvas.height / k;
    if (region) {
      rx0 = Math.max(rx0, region[0]); ry0 = Math.max(ry0, region[1]);
      rx1 = Math.min(rx1, region[2]); ry1 = Math.min(ry1, region[3]);
      if (rx1 <= rx0 || ry1 <= ry0) { ctx.restore(); return; }
      const px0 = Math.floor((rx0 - x0) * k), py0 = Math.floor((ry0 - y0) * k);
      const px1 = Math.ceil((rx1 - x0) * k), py1 = Math.ceil((ry1 - y0) * k);
      ctx.beginPath();
      ctx.rect(px0, py0, px1 - px0, py1 - py0);
      ctx.clip();
      rx0 = x0 + px0 / k; ry0 = y0 + py0 / k; rx1 = x0 + px1 / k; ry1 = y0 + py1 / k;
    }
    ctx.fillStyle = "#d9d4c5";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // Every hex that reaches into the rectangle.
    const flat = g.spec.orientation === "flat";
    const [dx, dy] = flat ? [1.5, SQRT3] : [SQRT3, 1.5];
    const c0 = Math.max(0, Math.floor((rx0 - 1) / dx) - 1), c1 = Math.min(g.spec.columns - 1, Math.ceil((rx1 + 1) / dx) + 1);
    const r0 = Math.max(0, Math.floor((ry0 - 1) / dy) - 1), r1 = Math.min(g.spec.rows - 1, Math.ceil((ry1 + 1) / dy) + 1);
    const cells: number[] = [];
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const i = r * g.spec.columns + c;
        if (g.cx[i] > rx0 - 1.1 && g.cx[i] < rx1 + 1.1 && g.cy[i] > ry0 - 1.1 && g.cy[i] < ry1 + 1.1) cells.push(i);
      }
    }
    ctx.setTransform(k, 0, 0, k, -x0 * k, -y0 * k);
    this.drawCells(ctx, cells, k, new Set(cells));
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const css = k / this.dpr;
    this.drawText(ctx, cells, css, (wx, wy) => [(wx - x0) * k / this.dpr, (wy - y0) * k / this.dpr], [rx0, ry0, rx1, ry1], false);
    ctx.restore();
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
   * units; hexsides and routes that touch a hex of `visible`. */
  private drawCells(
    ctx: CanvasRenderingContext2D, cells: number[], pxPerUnit: number, visible: Set<number>,
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
      // In a fixed order (hexes overlap by a fraction of a pixel): a tile drawn in bands and
      // one drawn whole get the same pixels.
      for (const [style, p] of [...paths].sort((a, b) => (a[0] < b[0] ? -1 : 1))) { ctx.fillStyle = style; ctx.fill(p); }
    } else {
      const p = new Path2D();
      for (const i of cells) this.hexPath(p, g, i, 1 + grow);
      ctx.fillStyle = PAPER;
      ctx.fill(p);
    }
    this.drawUnderlay(ctx);
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
    if (L.hexsides) {
      ctx.lineCap = "round";
      for (const s of m.hexsides.values()) {
        if (!visible.has(s.a) && !visible.has(s.b)) continue;
        const [a, b] = g.side(s.a, s.b);
        const n = s.features.length;
        const w = Math.max(2.5 / pxPerUnit, n > 1 ? 0.2 : 0.27);
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
        // A kind the chart does not know (a map opened with that problem): the warning colour.
        const color = m.palette.routes.find((k) => k.key === r.kind)?.color ?? "#ff00ff";
        const p = new Path2D();
        // Continued to the map edge where the route leaves the map (an exit at its end hex).
        const pts: [number, number][] = r.hexes.map((h) => [g.cx[h], g.cy[h]]);
        const edgePoint = (h: number): [number, number] | null => {
          const e = m.exits.find((x) => x.hex === h && x.name.toLowerCase() === r.name.toLowerCase())
            ?? m.exits.find((x) => x.hex === h);
          if (!e) return null;
          const flat = g.spec.orientation === "flat";
          const [ax, ay] = flat ? [1, SQRT3 / 2] : [SQRT3 / 2, 1];
          const d: Record<string, [number, number]> = { north: [0, -ay], south: [0, ay], east: [ax, 0], west: [-ax, 0] };
          const [dx, dy] = d[e.edge] ?? [0, 0];
          return [g.cx[h] + dx, g.cy[h] + dy];
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

  /** A missing tile's world rectangle drawn from cached tiles of lower levels (blurred until
   * the tile is drawn), or left blank. */
  private drawStandIn(level: number, r: Region): void {
    const ctx = this.ctx;
    const ds = this.scale * this.dpr;
    const min = this.minLevel();
    for (let lv = level / 2; lv >= min; lv /= 2) {
      const span = TILE / lv;
      const tx0 = Math.floor(r[0] / span), tx1 = Math.floor((r[2] - 1e-9) / span);
      const ty0 = Math.floor(r[1] / span), ty1 = Math.floor((r[3] - 1e-9) / span);
      const found: [typeof this.tiles extends Map<string, infer T> ? T : never, number, number][] = [];
      for (let ty = ty0; ty <= ty1; ty++) {
        for (let tx = tx0; tx <= tx1; tx++) {
          const t = this.tiles.get(`${lv}:${tx}:${ty}`);
          if (t) found.push([t, tx, ty]);
        }
      }
      if (found.length < (tx1 - tx0 + 1) * (ty1 - ty0 + 1)) continue;
      for (const [t, tx, ty] of found) {
        t.used = this.frameNo;
        // The part of tile (tx, ty) inside r, in the tile's pixels and on screen.
        const x0 = Math.max(r[0], tx * span), y0 = Math.max(r[1], ty * span);
        const x1 = Math.min(r[2], (tx + 1) * span), y1 = Math.min(r[3], (ty + 1) * span);
        if (x1 <= x0 || y1 <= y0) continue;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(
          t.canvas, (x0 - tx * span) * lv, (y0 - ty * span) * lv, (x1 - x0) * lv, (y1 - y0) * lv,
          x0 * ds + this.ox * this.dpr, y0 * ds + this.oy * this.dpr, (x1 - x0) * ds, (y1 - y0) * ds,
        );
      }
      return;
    }
  }

  /** Exits: an arrow on the map edge where a road leaves, with the exit's name (CSS pixels). */
  private drawExits(ctx: CanvasRenderingContext2D): void {
    const m = this.model!;
    if (!this.layers.routes || m.exits.length === 0) return;
    const g = m.grid;
    const flat = g.spec.orientation === "flat";
    const [ax, ay] = flat ? [1, SQRT3 / 2] : [SQRT3 / 2, 1];
    const out: Record<string, [number, number]> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };
    ctx.font = "600 11px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    for (const e of m.exits) {
      const [dx, dy] = out[e.edge] ?? [0, 0];
      const [sx, sy] = this.toScreen(g.cx[e.hex] + dx * ax, g.cy[e.hex] + dy * ay);
      const k = Math.max(5, Math.min(9, this.scale * 0.35));
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
      if (this.scale < 6 || !this.layers.labels) continue;
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

  /** Problem hexes and the selected feature's hexes. */
  private drawTop(ctx: CanvasRenderingContext2D): void {
    this.drawProblems(ctx);
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

  private drawProblems(ctx: CanvasRenderingContext2D): void {
    const m = this.model!;
    if (!this.layers.problems || m.problemHexes.size === 0) return;
    const p = new Path2D();
    for (const h of m.problemHexes) this.hexPath(p, m.grid, h, 0.9);
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

  /** Hex numbers and (with `labels`) feature labels in pixels (`s` CSS px per radius; `at`
   * maps world to the context's pixels); labels of features near `region` only, when given.
   * Tiles carry the numbers; labels are drawn on each frame, crisp at any scale. */
  private drawText(
    ctx: CanvasRenderingContext2D, cells: number[], s: number,
    at: (wx: number, wy: number) => [number, number], region: Region | null, labels: boolean,
  ): void {
    const m = this.model!;
    const g = m.grid;
    ctx.save();
    if (region) ctx.scale(this.dpr, this.dpr);
    ctx.textAlign = "center";
    const size = Math.max(8, Math.min(14, s * 0.3));
    ctx.font = `${size}px "DejaVu Sans Mono", monospace`;
    // Hex numbers only where they fit across the top of a hex.
    const fits = cells.length > 0 && ctx.measureText(g.name(cells[0])).width <= s * 1.1;
    if (this.layers.numbers && s >= 24 && fits) {
      ctx.textBaseline = "top";
      const top = g.spec.orientation === "flat" ? (SQRT3 / 2) * s - 2 : s * 0.55;
      for (const i of cells) {
        const [x, y] = at(g.cx[i], g.cy[i]);
        ctx.fillStyle = this.dark[m.terrain[i]] ? "rgba(250,248,240,0.9)" : "rgba(36,34,30,0.75)";
        ctx.fillText(g.name(i), x, y - top + 3);
      }
    }
    if (labels && this.layers.labels && s >= 6) {
      const size = Math.max(10, Math.min(16, s * 0.45));
      ctx.font = `bold ${size}px "DejaVu Sans", sans-serif`;
      ctx.textBaseline = "middle";
      const placed: [number, number, number, number][] = [];
      const free = (x: number, y: number, w: number, h: number) =>
        !placed.some(([px, py, pw, ph]) => x < px + pw && px < x + w && y < py + ph && py < y + h);
      for (const f of m.features) {
        if (f.hexes.length === 0) continue;
        let sx = 0, sy = 0;
        for (const h of f.hexes) { sx += g.cx[h]; sy += g.cy[h]; }
        const wx = sx / f.hexes.length, wy = sy / f.hexes.length;
        const reach = 60 / s;
        if (region && (wx < region[0] - reach || wx > region[2] + reach || wy < region[1] - reach || wy > region[3] + reach)) continue;
        const [x, y] = at(wx, wy);
        if (!region && (x < -50 || y < -20 || x > this.width + 50 || y > this.height + 20)) continue;
        const w = ctx.measureText(f.code).width + 8, h = size * 1.4;
        // At the centre of the feature, else the first free place nearby (as the core's
        // renderer places them), else at the centre anyway.
        const tries: [number, number][] = [[0, 0], [0, 0.45], [0, -0.45], [0.6, 0], [-0.6, 0], [0, 0.9], [0, -0.9], [0.9, 0.45], [-0.9, 0.45]];
        let [lx, ly] = [x, y];
        const unit = Math.max(s, h * 1.2);
        for (const [dx, dy] of tries) {
          const cx = x + dx * unit, cy = y + dy * unit;
          if (free(cx - w / 2, cy - h / 2, w, h)) { [lx, ly] = [cx, cy]; break; }
        }
        placed.push([lx - w / 2, ly - h / 2, w, h]);
        ctx.fillStyle = "rgba(255,254,248,0.92)";
        ctx.strokeStyle = "#24221e";
        ctx.lineWidth = 1;
        ctx.fillRect(lx - w / 2, ly - h / 2, w, h);
        ctx.strokeRect(lx - w / 2, ly - h / 2, w, h);
        ctx.fillStyle = "#24221e";
        ctx.fillText(f.code, lx, ly + 1);
      }
    }
    ctx.restore();
  }
}

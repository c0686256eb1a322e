// The map view's tile cache: the map cut into 256 px tiles drawn at the power of two nearest the
// current scale (so a tile is shown at 71-141 % of its size). The overview level (the whole map
// within 4096 px) is drawn ahead, tile by tile, while the view is idle; levels below it are made
// by scaling its tiles down (mipmaps), so zoomed far out a frame costs copies, not hexes. Missing
// tiles are drawn within a time budget per frame, in bands, lower levels standing in for the
// rest until the next frame. An edit redraws only the region it touched in each cached tile.

import type { Region } from "../store/map";
import type { Camera } from "./camera";
import type { HexGrid } from "./geometry";

/** Tile side in device pixels. */
export const TILE = 256;
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
export const STILL_MS = 120;
const BACKGROUND = "#d9d4c5";

interface Tile { canvas: HTMLCanvasElement; level: number; tx: number; ty: number; used: number }

/** What the cache draws with and for. */
export interface TileHost {
  readonly camera: Camera;
  readonly ctx: CanvasRenderingContext2D;
  /** Draw the map onto a cached picture whose top-left is world (x0, y0) at `k` device px per
   * radius; with `region`, only that world rectangle (the rest is kept). */
  paintSurface(canvas: HTMLCanvasElement, k: number, x0: number, y0: number, region: Region | null): void;
  /** `ahead`: only to draw the overview ahead (the picture shown stays final). */
  requestDraw(ahead?: boolean): void;
  /** Draw again once the view has been still for STILL_MS (filtered). */
  redrawWhenStill(): void;
  /** Whether the frame shows the final picture. */
  complete: boolean;
  /** Whether the overview may be drawn ahead in this frame. */
  mayDrawAhead(): boolean;
  /** A frame's time for tiles until a new map's first picture is whole (0: the usual). */
  readonly firstPictureMs: number;
}

export class TileCache {
  private tiles = new Map<string, Tile>();
  /** Tiles being drawn, band by band: `bands` of BANDS are painted. Never shown until done. */
  private partial = new Map<string, { canvas: HTMLCanvasElement; bands: number; used: number }>();
  /** The slowest recent band (ms, decaying), to decide whether another fits in a frame. */
  private bandMs = 8;
  /** Bands painted in the current frame, and when the frame began. */
  private bandsThisFrame = 0;
  private frameStart = 0;
  private frameNo = 0;
  /** Whether the view has not moved for STILL_MS: tiles may then take more of a frame. */
  private still = false;
  grid: HexGrid | null = null;
  /** A new map's first picture is not whole yet (the host's `firstPictureMs` applies). */
  firstPicture = false;
  /** Tiles drawn and the time spent drawing them (ms), for the benchmark. */
  readonly stats = { drawn: 0, bands: 0, ms: 0, mips: 0, maxMs: 0 };

  constructor(private host: TileHost) {}

  /** Forget every tile (another map, layers or the underlay changed). */
  clear(): void {
    this.tiles.clear();
    this.partial.clear();
  }

  /** Forget half-drawn tiles (their bands may be at another pixel ratio). */
  clearPartial(): void {
    this.partial.clear();
  }

  /** A new frame begins at t0. */
  beginFrame(t0: number): void {
    this.frameNo++;
    this.bandsThisFrame = 0;
    this.frameStart = t0;
  }

  /** Redraw these world regions in every cached tile. */
  invalidate(regions: Region[]): void {
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
        else this.host.paintSurface(t.canvas, t.level, (t.tx * TILE) / t.level, (t.ty * TILE) / t.level, r);
      }
    }
  }

  /** The overview level: the largest power of two at which the whole map fits in
   * OVERVIEW_SIDE pixels. Its tiles are drawn ahead when the view is idle and never evicted; they
   * stand in for tiles not drawn yet, and the levels below are made from them (mipmaps). */
  private minLevel(): number {
    const b = this.grid!.bounds;
    const fit = OVERVIEW_SIDE / Math.max(b.x1 - b.x0, b.y1 - b.y0);
    // At most 16 px per radius: below the scale of hex numbers, which must not be scaled down.
    return Math.min(16, Math.pow(2, Math.floor(Math.log2(Math.max(fit, 1 / 64)))));
  }

  /** Draw one overview tile not drawn yet; false when all are. */
  private prefetch(): boolean {
    const lv = this.minLevel();
    const b = this.grid!.bounds;
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

  /** Copy the tiles of the view onto the canvas, drawing missing ones within the budget. */
  draw(ds: number, t0: number, lastMotion: number): void {
    const { ctx, camera: cam } = this.host;
    const dpr = cam.dpr;
    const level = Math.max(this.minLevel() / 64, Math.pow(2, Math.round(Math.log2(ds))));
    const min = this.minLevel();
    const k = ds / level;
    const [wx0, wy0] = cam.toWorld(0, 0);
    const [wx1, wy1] = cam.toWorld(cam.width, cam.height);
    const b = this.grid!.bounds;
    const span = TILE / level;
    const tx0 = Math.floor(Math.max(wx0, b.x0) / span), tx1 = Math.floor(Math.min(wx1, b.x1) / span);
    const ty0 = Math.floor(Math.max(wy0, b.y0) / span), ty1 = Math.floor(Math.min(wy1, b.y1) / span);
    let missing = false;
    // While the view moves, tiles are copied without filtering (half the cost in software);
    // once it has been still for a moment, the frame is drawn again, filtered.
    const still = performance.now() - lastMotion > STILL_MS;
    this.still = still;
    ctx.imageSmoothingEnabled = still;
    if (!still) {
      this.host.redrawWhenStill();
      this.host.complete = false;
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
      const x0 = Math.round(tx * TILE * k + cam.ox * dpr);
      const y0 = Math.round(ty * TILE * k + cam.oy * dpr);
      const x1 = Math.round((tx + 1) * TILE * k + cam.ox * dpr);
      const y1 = Math.round((ty + 1) * TILE * k + cam.oy * dpr);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (tile) {
        tile.used = this.frameNo;
        ctx.drawImage(tile.canvas, x0, y0, x1 - x0, y1 - y0);
      } else {
        missing = true;
      }
    }
    if (missing) {
      this.host.complete = false;
      this.host.requestDraw();
    }
    else {
      if (still) this.firstPicture = false;
      if (this.host.mayDrawAhead() && this.mayPaint(t0) && this.prefetch()) this.host.requestDraw(true);
    }
  }

  private tileBudget(): number {
    if (this.firstPicture && this.host.firstPictureMs > 0) return this.host.firstPictureMs;
    return this.still ? TILE_BUDGET_STILL : TILE_BUDGET;
  }

  /** Whether this frame, begun at t0, may paint another band of a tile: within TILE_BUDGET and
   * not likely to pass FRAME_TARGET; the first band of a frame always may, so drawing goes on. */
  private mayPaint(t0: number): boolean {
    if (this.bandsThisFrame === 0) return true;
    const spent = performance.now() - t0;
    if (this.firstPicture && this.host.firstPictureMs > 0) return spent + this.bandMs < this.host.firstPictureMs;
    const [budget, target] = this.still ? [TILE_BUDGET_STILL, FRAME_TARGET_STILL] : [TILE_BUDGET, FRAME_TARGET];
    return spent < budget && spent + this.bandMs < target;
  }

  /** Paint the next band of a tile; the tile once its last band is painted, else undefined. */
  private makeTile(level: number, tx: number, ty: number): Tile | undefined {
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
    this.host.paintSurface(p.canvas, level, x0, y0, band);
    // Rasterize the band now (a one-pixel read): an engine that records drawing and rasterizes
    // it later (Chromium's canvas) would otherwise charge the band's real cost to the frame
    // that shows the tile, after the budget was judged on the recording's time alone.
    p.canvas.getContext("2d")!.getImageData(0, 0, 1, 1);
    p.bands++;
    this.bandsThisFrame++;
    this.stats.bands++;
    const dt = performance.now() - t0;
    // Bands differ (an empty corner, a dense village): plan for the slowest lately seen.
    this.bandMs = Math.max(0.95 * this.bandMs, dt);
    this.stats.ms += dt;
    this.stats.maxMs = Math.max(this.stats.maxMs, dt);
    if (p.bands < BANDS) return undefined;
    this.partial.delete(key);
    const tile = { canvas: p.canvas, level, tx, ty, used: this.frameNo };
    this.tiles.set(key, tile);
    this.stats.drawn++;
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
  private makeMip(level: number, tx: number, ty: number): Tile | undefined {
    const b = this.grid!.bounds;
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
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, TILE, TILE);
    ctx.imageSmoothingEnabled = true;
    for (const [c, dx, dy] of children) ctx.drawImage(c, dx * (TILE / 2), dy * (TILE / 2), TILE / 2, TILE / 2);
    const tile = { canvas, level, tx, ty, used: this.frameNo };
    this.tiles.set(key, tile);
    this.stats.mips++;
    return tile;
  }

  /** A missing tile's world rectangle drawn from cached tiles of lower levels (blurred until
   * the tile is drawn), or left blank. */
  private drawStandIn(level: number, r: Region): void {
    const { ctx, camera: cam } = this.host;
    const ds = cam.scale * cam.dpr;
    const min = this.minLevel();
    for (let lv = level / 2; lv >= min; lv /= 2) {
      const span = TILE / lv;
      const tx0 = Math.floor(r[0] / span), tx1 = Math.floor((r[2] - 1e-9) / span);
      const ty0 = Math.floor(r[1] / span), ty1 = Math.floor((r[3] - 1e-9) / span);
      const found: [Tile, number, number][] = [];
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
          x0 * ds + cam.ox * cam.dpr, y0 * ds + cam.oy * cam.dpr, (x1 - x0) * ds, (y1 - y0) * ds,
        );
      }
      return;
    }
  }
}

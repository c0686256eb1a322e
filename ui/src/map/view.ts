// The canvas map view: a stack of layers (layers/) drawn through a camera (camera.ts) from a
// cache of tiles (tiles.ts). Imperative and framework-free: a view of the app makes one, gives
// it a map (store/map.ts) and the layers it adds, and tells it what changed.
//
// Speed: frames are copies of cached pictures, so pan and zoom stay within a frame on large maps
// (see tiles.ts). Beyond 128 px per hex radius the few hexes on screen are drawn directly.

import type { MapModel, Region } from "../store/map";
import { Camera } from "./camera";
import { SQRT3 } from "./geometry";
import { mapLayers, UnderlayLayer, type FrameScene, type Layer } from "./layers";
import { STILL_MS, TileCache, type TileHost } from "./tiles";

/** Above this many device pixels per hex radius, hexes are drawn directly. */
const DIRECT_SCALE = 128;
const BACKGROUND = "#d9d4c5";

export class MapCanvas implements TileHost {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  readonly camera = new Camera();
  model: MapModel | null = null;
  /** Bottom to top: the map's own layers, then those views add (addLayer). */
  readonly layers: Layer[];
  private tiles: TileCache;
  private stillTimer = 0;
  private pending = false;
  /** Whether the last frame showed every tile at its own level, filtered: the picture is
   * final until the view or the map changes (tests wait for it before screenshots). */
  complete = true;
  /** Durations of the last draws (ms), for the benchmark. */
  readonly drawTimes: number[] = [];
  /** Called after each frame is drawn. */
  onDrawn: (() => void) | null = null;
  /** Opt-in for a view whose content changes frame after frame (the replay view's steps): the
   * overview is drawn ahead only once no frame has been asked for content for this long (ms),
   * so those frames stay light. 0: drawn ahead in any frame with time left. */
  aheadIdleMs = 0;
  /** Opt-in: until a newly opened map's picture is first whole, a frame may spend this long
   * (ms) drawing the tiles in view (nothing moves yet; that picture is what the user waits
   * for). 0: the usual budgets. */
  firstPictureMs = 0;
  private lastAsked = 0;
  private aheadTimer = 0;
  /** Opt-in for a view whose frames change only their frame layers while the camera rests (the
   * replay view's steps): the picture under them, once whole, is kept and a frame is one copy of
   * it (not a copy per tile), and a newly opened map's first picture is drawn in one pass
   * straight into it (the hexes in view once) instead of tile by tile in bands, which costs
   * each band's setting up again and took about a second and a half for a battle's map in view.
   * The tiles are drawn when the camera moves. */
  keepPicture = false;
  /** The kept picture and the camera it was drawn for ("" when there is none). */
  private picture: HTMLCanvasElement | null = null;
  private pictureKey = "";
  /** The world regions the asked frame must redraw, or null for the whole frame. Only frame
   * layers changed inside them (a replay step's counters): with the kept picture current, the
   * frame redraws those rectangles alone, each clipped, so the browser repaints them and not
   * the whole canvas (in software, under Xvfb, the canvas's repaint was most of a step). */
  private only: Region[] | null = null;
  /** Frames drawn whole and in part since the view was made (for the figures). */
  readonly frames = { whole: 0, partial: 0 };

  constructor(canvas: HTMLCanvasElement, layers: Layer[] = mapLayers()) {
    this.canvas = canvas;
    const ctx = canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("no 2D canvas");
    this.ctx = ctx;
    this.layers = layers;
    this.tiles = new TileCache(this);
  }

  /** Tiles drawn and the time spent drawing them (ms), for the benchmark. */
  get tileStats() { return this.tiles.stats; }
  /** Pixels per hex radius (CSS pixels). */
  get scale(): number { return this.camera.scale; }

  /** Add a layer on top (a view's own: a tool's cursor, units, arrows). */
  addLayer(layer: Layer): void {
    this.layers.push(layer);
    if (this.model) layer.attach?.(this.model);
    this.invalidateAll();
  }

  layer<T extends Layer>(id: string): T | undefined {
    return this.layers.find((l) => l.id === id) as T | undefined;
  }

  setModel(model: MapModel | null): void {
    this.model = model;
    this.pictureKey = "";
    this.complete = !model;
    this.tiles.clear();
    this.tiles.firstPicture = true;
    this.tiles.grid = model?.grid ?? null;
    this.layer<UnderlayLayer>("underlay")?.setImage(null);
    if (!model) return;
    for (const l of this.layers) l.attach?.(model);
    this.fit();
  }

  /** The underlay's decoded picture. */
  setUnderlayImage(img: CanvasImageSource | null, w = 0, h = 0): void {
    this.layer<UnderlayLayer>("underlay")?.setImage(img, w, h);
    this.invalidateAll();
  }

  resize(): void {
    const r = this.canvas.getBoundingClientRect();
    const c = this.camera;
    c.dpr = window.devicePixelRatio || 1;
    c.width = Math.max(1, Math.round(r.width));
    c.height = Math.max(1, Math.round(r.height));
    this.canvas.width = Math.round(c.width * c.dpr);
    this.canvas.height = Math.round(c.height * c.dpr);
    // Bands already painted may be at another pixel ratio.
    this.tiles.clearPartial();
    this.pictureKey = "";
    this.requestDraw();
  }

  fit(): void {
    if (!this.model) return;
    if (this.camera.width <= 1) this.resize();
    this.camera.fit(this.model.grid);
    this.requestDraw();
  }

  /** Zoom by `factor` keeping the screen point (sx, sy) still. */
  zoomAt(factor: number, sx?: number, sy?: number): void {
    this.camera.zoomAt(factor, sx, sy);
    this.requestDraw();
  }

  panBy(dx: number, dy: number): void {
    this.camera.panBy(dx, dy);
    this.requestDraw();
  }

  /** Centre the view on hex i. */
  centerOn(i: number): void {
    if (!this.model) return;
    this.camera.centerOn(this.model.grid.cx[i], this.model.grid.cy[i]);
    this.requestDraw();
  }

  toWorld(sx: number, sy: number): [number, number] {
    return this.camera.toWorld(sx, sy);
  }

  toScreen(wx: number, wy: number): [number, number] {
    return this.camera.toScreen(wx, wy);
  }

  /** The hex under a pointer event, or -1. */
  hexAt(ev: MouseEvent): number {
    if (!this.model) return -1;
    const [x, y] = this.eventWorld(ev);
    return this.model.grid.hexAt(x, y);
  }

  /** The world point under a pointer event. */
  eventWorld(ev: MouseEvent): [number, number] {
    const r = this.canvas.getBoundingClientRect();
    return this.toWorld(ev.clientX - r.left, ev.clientY - r.top);
  }

  redrawWhenStill(): void {
    clearTimeout(this.stillTimer);
    this.stillTimer = window.setTimeout(() => this.requestDraw(), STILL_MS + 10);
  }

  /** Forget every cached picture (layers or the underlay changed). */
  invalidateAll(): void {
    this.tiles.clear();
    this.pictureKey = "";
    this.requestDraw();
  }

  /** Hexes changed (drawn before the core answers). */
  cellsChanged(cells: number[]): void {
    const r = this.model?.cellBounds(cells);
    this.invalidate(r ? [r] : []);
  }

  /** Redraw these world regions in every cached picture, then the frame. */
  invalidate(regions: Region[]): void {
    if (!this.model) return;
    this.tiles.invalidate(regions);
    this.pictureKey = "";
    this.requestDraw();
  }

  /** Draw a frame at the next animation frame. `ahead`: only to go on drawing the overview
   * level ahead (tiles not in view), which leaves the picture shown final (`complete`): a
   * large map's overview takes seconds of idle frames, and the picture is whole before. */
  requestDraw(ahead = false): void {
    this.only = null;
    this.schedule(ahead);
  }

  /** Draw a frame at the next animation frame in which only frame layers changed, and only
   * inside these world regions (everything a frame layer drew there before and draws now lies
   * within them). A whole frame asked for meanwhile, or one this frame cannot draw in part,
   * redraws everything. */
  requestDrawIn(regions: Region[]): void {
    if (!this.pending) this.only = [...regions];
    else if (this.only) this.only.push(...regions);
    this.schedule(false);
  }

  private schedule(ahead: boolean): void {
    if (!ahead) {
      this.complete = false;
      this.lastAsked = performance.now();
    }
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  }

  /** Whether this frame may draw the overview ahead (see `aheadIdleMs`); if not yet, a frame
   * is asked for when it may. */
  mayDrawAhead(): boolean {
    const wait = this.lastAsked + this.aheadIdleMs - performance.now();
    if (this.aheadIdleMs <= 0 || wait <= 0) return true;
    clearTimeout(this.aheadTimer);
    this.aheadTimer = window.setTimeout(() => this.requestDraw(true), wait + 10);
    return false;
  }

  /** The visible hexes: index ranges of columns and rows. */
  private visibleRange(): [number, number, number, number] {
    const g = this.model!.grid;
    const c = this.camera;
    const [x0, y0] = c.toWorld(0, 0);
    const [x1, y1] = c.toWorld(c.width, c.height);
    const flat = g.spec.orientation === "flat";
    const [dx, dy] = flat ? [1.5, SQRT3] : [SQRT3, 1.5];
    const c0 = Math.max(0, Math.floor((x0 - 1) / dx) - 1);
    const c1 = Math.min(g.spec.columns - 1, Math.ceil((x1 + 1) / dx) + 1);
    const r0 = Math.max(0, Math.floor((y0 - 1) / dy) - 1);
    const r1 = Math.min(g.spec.rows - 1, Math.ceil((y1 + 1) / dy) + 1);
    return [c0, c1, r0, r1];
  }

  draw(): void {
    const only = this.only;
    this.only = null;
    if (only && this.drawIn(only)) return;
    const t0 = performance.now();
    this.frames.whole++;
    this.complete = true;
    this.tiles.beginFrame(t0);
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    const m = this.model;
    if (m) {
      const cam = this.camera;
      const dpr = cam.dpr;
      const ds = cam.scale * dpr;
      const world = () => ctx.setTransform(ds, 0, 0, ds, cam.ox * dpr, cam.oy * dpr);
      const screen = () => ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (ds > DIRECT_SCALE) {
        const [c0, c1, r0, r1] = this.visibleRange();
        const cells: number[] = [];
        for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(r * m.grid.spec.columns + c);
        world();
        this.drawLayers(ctx, cells, ds, (wx, wy) => cam.toScreen(wx, wy), cam.scale, screen);
      } else if (this.keepPicture && this.pictureKey === this.cameraKey()) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(this.picture!, 0, 0);
      } else if (this.keepPicture && this.tiles.firstPicture) {
        this.paintPicture();
        this.tiles.firstPicture = false;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(this.picture!, 0, 0);
      } else {
        this.tiles.draw(ds, t0, cam.lastMotion);
        // Whole (every tile in view, filtered): kept until the camera or the map changes.
        if (this.keepPicture && this.complete) this.keep(() => this.picture!.getContext("2d")!.drawImage(this.canvas, 0, 0));
      }
      const scene: FrameScene = { model: m, grid: m.grid, camera: cam, world, screen };
      for (const l of this.layers) {
        if (!l.visible || !l.frame) continue;
        ctx.save();
        l.frame(ctx, scene);
        ctx.restore();
      }
    }
    this.drawTimes.push(performance.now() - t0);
    if (this.drawTimes.length > 600) this.drawTimes.splice(0, 300);
    this.onDrawn?.();
  }

  /** Redraw only these world regions over the kept picture: each region's screen rectangle
   * (whole device pixels, with a margin for line widths) gets the kept picture copied back and
   * the frame layers drawn again, clipped to it. False (nothing drawn) when the picture is not
   * kept for this camera or the hexes are drawn directly: the caller draws the whole frame. */
  private drawIn(regions: Region[]): boolean {
    const m = this.model;
    const cam = this.camera;
    const dpr = cam.dpr;
    if (!m || !this.keepPicture || !this.picture || this.pictureKey !== this.cameraKey() || cam.scale * dpr > DIRECT_SCALE) return false;
    const t0 = performance.now();
    this.frames.partial++;
    this.complete = true;
    const ctx = this.ctx;
    const W = this.canvas.width, H = this.canvas.height;
    const pad = 4 * dpr;
    const world = () => ctx.setTransform(cam.scale * dpr, 0, 0, cam.scale * dpr, cam.ox * dpr, cam.oy * dpr);
    const screen = () => ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const scene: FrameScene = { model: m, grid: m.grid, camera: cam, world, screen };
    for (const [wx0, wy0, wx1, wy1] of regions) {
      const [sx0, sy0] = cam.toScreen(wx0, wy0);
      const [sx1, sy1] = cam.toScreen(wx1, wy1);
      const x0 = Math.max(0, Math.floor(Math.min(sx0, sx1) * dpr - pad));
      const y0 = Math.max(0, Math.floor(Math.min(sy0, sy1) * dpr - pad));
      const x1 = Math.min(W, Math.ceil(Math.max(sx0, sx1) * dpr + pad));
      const y1 = Math.min(H, Math.ceil(Math.max(sy0, sy1) * dpr + pad));
      if (x1 <= x0 || y1 <= y0) continue;
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      ctx.rect(x0, y0, x1 - x0, y1 - y0);
      ctx.clip();
      ctx.drawImage(this.picture, x0, y0, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0);
      for (const l of this.layers) {
        if (!l.visible || !l.frame) continue;
        ctx.save();
        l.frame(ctx, scene);
        ctx.restore();
      }
      ctx.restore();
    }
    this.drawTimes.push(performance.now() - t0);
    if (this.drawTimes.length > 600) this.drawTimes.splice(0, 300);
    this.onDrawn?.();
    return true;
  }

  /** Whether no frame is waiting to be drawn (a frame asked for in part is then drawn in part). */
  get idle(): boolean {
    return !this.pending;
  }

  /** Whether a picture is kept for the camera as it is (frames may then be drawn in part). */
  get pictureKept(): boolean {
    return this.keepPicture && this.picture !== null && this.pictureKey === this.cameraKey();
  }

  /** What the kept picture was drawn for: the camera's place, scale and size. */
  private cameraKey(): string {
    const c = this.camera;
    return `${c.ox},${c.oy},${c.scale},${c.width},${c.height},${c.dpr}`;
  }

  /** Draw into the kept picture (sized as the canvas) with `paint`, for the camera as it is. */
  private keep(paint: () => void): void {
    const pic = (this.picture ??= document.createElement("canvas"));
    if (pic.width !== this.canvas.width || pic.height !== this.canvas.height) {
      pic.width = this.canvas.width;
      pic.height = this.canvas.height;
    }
    paint();
    this.pictureKey = this.cameraKey();
  }

  /** The picture under the frame layers drawn straight into the kept picture: every hex in
   * view once, each layer's `tile` and `tileText` passes as zoomed far in (as a tile does, at
   * the camera's own scale instead of a power of two). */
  private paintPicture(): void {
    const m = this.model!;
    const cam = this.camera;
    const dpr = cam.dpr;
    const ds = cam.scale * dpr;
    this.keep(() => {
      const p = this.picture!.getContext("2d", { alpha: false })!;
      p.save();
      p.setTransform(1, 0, 0, 1, 0, 0);
      p.fillStyle = BACKGROUND;
      p.fillRect(0, 0, this.canvas.width, this.canvas.height);
      const [c0, c1, r0, r1] = this.visibleRange();
      const cells: number[] = [];
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(r * m.grid.spec.columns + c);
      p.setTransform(ds, 0, 0, ds, cam.ox * dpr, cam.oy * dpr);
      this.drawLayers(p, cells, ds, (wx, wy) => cam.toScreen(wx, wy), cam.scale, () => p.setTransform(dpr, 0, 0, dpr, 0, 0));
      p.restore();
    });
  }

  /** The layers' `tile` passes for `cells` (the context in world units, `pxPerUnit` device px
   * per unit), then their `tileText` passes in CSS pixels after `toText()`. */
  private drawLayers(
    ctx: CanvasRenderingContext2D, cells: number[], pxPerUnit: number,
    at: (wx: number, wy: number) => [number, number], scale: number, toText: () => void,
  ): void {
    const m = this.model!;
    const tileScene = { model: m, grid: m.grid, cells, visible: new Set(cells), pxPerUnit };
    for (const l of this.layers) if (l.visible && l.tile) l.tile(ctx, tileScene);
    toText();
    const textScene = { model: m, grid: m.grid, cells, scale, at };
    for (const l of this.layers) if (l.visible && l.tileText) l.tileText(ctx, textScene);
  }

  paintSurface(canvas: HTMLCanvasElement, k: number, x0: number, y0: number, region: Region | null): void {
    const m = this.model!;
    const g = m.grid;
    const dpr = this.camera.dpr;
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
    ctx.fillStyle = BACKGROUND;
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
    this.drawLayers(ctx, cells, k, (wx, wy) => [(wx - x0) * k / dpr, (wy - y0) * k / dpr], k / dpr,
      () => ctx.setTransform(dpr, 0, 0, dpr, 0, 0));
    ctx.restore();
  }
}

// The map painter: the map view with the painter's cursor layer, its tools (tools/), panels
// (panels.ts), keyboard map (keys.ts) and status bar. Every change to the map goes to the core
// through the ordered command queue; the view draws what comes back. The painter holds no rules.

import { api, type Delta, type Edit, type MapView, type StatusDto } from "../../ipc/commands";
import { errorText } from "../../ipc/errors";
import type { CommandQueue } from "../../ipc/queue";
import { $, el } from "../../dom";
import { MapCanvas } from "../../map/view";
import { MapModel } from "../../store/map";
import { CursorLayer } from "./cursor";
import { Panels } from "./panels";
import { paintTools, SIZES, type Tool, type ToolEvent, type ToolId } from "./tools";

/** What the painter needs from the app around it. */
export interface Shell {
  queue: CommandQueue;
  message(text: string, warn?: boolean): void;
}

/** The tools' settings. */
export interface PaintState {
  size: number;
  terrain: string;
  hexside: string;
  route: string;
  elevation: "raise" | "lower" | "set";
  level: number;
  feature: string | null;
  exitName: string;
}

export class Painter {
  readonly api = api;
  readonly view: MapCanvas;
  readonly cursor = new CursorLayer();
  readonly tools: Tool[] = paintTools();
  model: MapModel | null = null;
  tool: Tool;
  private previousTool: Tool;
  readonly state: PaintState = {
    size: 1, terrain: "woods", hexside: "ridge", route: "road", elevation: "raise", level: 1,
    feature: null, exitName: "",
  };
  /** Space held: a drag pans with any tool. */
  space = false;
  /** When the last brush stroke first showed on screen, and when the core's answer did (ms). */
  readonly timing = { strokeStart: 0, shown: -1, confirmed: -1 };
  private panels: Panels;
  private drag: { pan: boolean; x: number; y: number; last: number } | null = null;

  constructor(private shell: Shell, readonly canvas: HTMLCanvasElement) {
    this.view = new MapCanvas(canvas);
    this.view.addLayer(this.cursor);
    this.tool = this.tools[0];
    this.previousTool = this.tool;
    this.panels = new Panels(this);
    this.listen();
  }

  send<T>(call: () => Promise<T>, then?: (v: T) => void, quiet = false): Promise<void> {
    return this.shell.queue.send(call, then, quiet);
  }

  message(text: string, warn = false): void {
    this.shell.message(text, warn);
  }

  // --- the document -----------------------------------------------------------------------------

  /** Show a map the shell opened (or made). */
  open(v: MapView): void {
    const model = new MapModel(v);
    this.model = model;
    this.view.resize();
    this.view.setModel(model);
    const p = model.palette;
    this.state.terrain = p.terrain.find((t) => t.key !== p.default_terrain)?.key ?? p.default_terrain;
    this.state.hexside = p.hexsides[0]?.key ?? "";
    this.state.route = p.routes[0]?.key ?? "";
    this.state.feature = model.features[0]?.code ?? null;
    this.cursor.feature = this.tool.id === "feature" ? this.state.feature : null;
    this.canvas.style.cursor = this.tool.cursor ?? "";
    this.buildToolbar();
    this.refreshOptions();
    this.panels.buildAll();
    this.updateTitle();
    void this.loadUnderlayImage();
    this.canvas.focus();
    this.message(`${v.name || v.id}: ${v.grid.columns} x ${v.grid.rows} hexes, ${v.scale.text}, ${v.ruleset_name}`);
  }

  /** Leave the map (the Library is shown): the painter shows nothing until the next open. */
  close(): void {
    this.model = null;
    this.view.setModel(null);
    this.cursor.hover = -1;
    this.cursor.brush = [];
    this.cursor.path = [];
    this.updateTitle();
    this.showHex(-1);
  }

  /** The core's answer to an edit, undo or redo: update the copy and redraw what changed. */
  applyDelta(d: Delta): void {
    const model = this.model;
    if (!model) return;
    const { regions, all } = model.apply(d);
    if (all) this.view.invalidateAll();
    else this.view.invalidate(regions);
    this.panels.changed(d);
    if (d.hexsides.length || d.routes || d.features || d.underlay_changed || d.problems) this.view.requestDraw();
    if (this.cursor.hover >= 0) this.showHex(this.cursor.hover);
    this.updateTitle();
  }

  updateTitle(): void {
    const t = $("doc-title");
    const model = this.model;
    if (!model) { t.textContent = ""; document.title = "Kepi"; return; }
    const s = model.status;
    t.textContent = `${s.title}${s.dirty ? " •" : ""}${s.path ? "  —  " + s.path : "  (not saved yet)"}`;
    document.title = `${s.title}${s.dirty ? " •" : ""} — Kepi`;
    $<HTMLButtonElement>("btn-undo").disabled = !s.can_undo;
    $<HTMLButtonElement>("btn-redo").disabled = !s.can_redo;
  }

  async loadUnderlayImage(): Promise<void> {
    if (!this.model?.underlay) { this.view.setUnderlayImage(null); return; }
    try {
      const buf = await api.underlayImage();
      if (buf.byteLength === 0) { this.view.setUnderlayImage(null); return; }
      const bmp = await createImageBitmap(new Blob([buf], { type: "image/png" }));
      this.view.setUnderlayImage(bmp, bmp.width, bmp.height);
    } catch (e) {
      this.message(`underlay picture: ${errorText(e)}`, true);
    }
  }

  /** After a save: the map took the file's name as its id (and its underlay's file name). */
  saved(s: StatusDto | null): void {
    if (!s || !this.model) return;
    this.model.status = s;
    this.updateTitle();
    this.message(`saved ${s.path}`);
    this.send(() => api.mapView(), (v) => {
      if (!this.model) return;
      this.model.id = v.id;
      this.model.underlay = v.underlay;
      this.panels.buildMapProps();
      this.panels.buildUnderlay();
    }, true);
  }

  readonly commands = {
    save: () => this.model && this.send(() => api.save(), (s) => this.saved(s)),
    saveAs: () => this.model && this.send(() => api.saveAs(), (s) => this.saved(s)),
    exportPng: () => this.model && this.send(() => api.exportPng(32), (p) => p && this.message(`exported ${p}`)),
    undo: () => this.model && this.send(() => api.undo(), (d) => this.applyDelta(d)),
    redo: () => this.model && this.send(() => api.redo(), (d) => this.applyDelta(d)),
  };

  /** Edit the map outside a stroke (panels). */
  edit(e: Edit, then?: (d: Delta) => void): Promise<void> {
    return this.send(() => api.edit(e, false), (d) => { this.applyDelta(d); then?.(d); });
  }

  // --- tools ------------------------------------------------------------------------------------

  setTool(id: ToolId): void {
    const t = this.tools.find((x) => x.id === id)!;
    // The eyedropper returns to the tool used before it.
    if (this.tool.id !== "eyedropper") this.previousTool = this.tool;
    this.tool = t;
    this.cursor.path = [];
    this.cursor.side = null;
    this.cursor.brush = [];
    this.cursor.feature = t.id === "feature" ? this.state.feature : null;
    this.canvas.style.cursor = t.cursor ?? "";
    this.buildToolbar();
    this.refreshOptions();
    this.view.requestDraw();
    this.message(`${t.name}: ${t.help}`);
    // The exit tool's list is the Exits panel.
    if (t.id === "exit") ($("exits").closest("details") as HTMLDetailsElement).open = true;
  }

  private buildToolbar(): void {
    const bar = $("toolbar");
    bar.textContent = "";
    for (const t of this.tools) {
      const b = el("button", { title: `${t.name} (${t.key})`, id: `tool-${t.id}` }, t.key);
      b.classList.toggle("active", this.tool === t);
      b.addEventListener("click", () => this.setTool(t.id));
      bar.append(b);
    }
  }

  /** The current tool's options, in the bar over the map. */
  refreshOptions(): void {
    const box = $("tool-options");
    box.textContent = "";
    if (!this.model) return;
    box.append(el("strong", {}, this.tool.name));
    this.tool.options(this, box);
  }

  brushRadius(): number {
    return SIZES.indexOf(this.state.size);
  }

  /** The brush's hexes drawn at once, before the core answers: a stroke shows within a frame. */
  paintLocally(center: number, erase: boolean): void {
    const model = this.model;
    if (!model) return;
    const t = model.terrainIndex(erase ? model.palette.default_terrain : this.state.terrain);
    if (t < 0) return;
    const cells = model.grid.within(center, this.brushRadius());
    for (const i of cells) {
      model.terrain[i] = t;
      if (erase) model.elevation[i] = 0;
    }
    this.view.cellsChanged(cells);
  }

  /** A stroke begins: time until it shows, and until the core's answer is drawn. */
  beginTiming(): void {
    const timing = this.timing;
    timing.strokeStart = performance.now();
    timing.shown = -1;
    timing.confirmed = -1;
    this.view.onDrawn = () => {
      if (timing.shown < 0) timing.shown = performance.now() - timing.strokeStart;
      this.view.onDrawn = null;
    };
  }

  strokeConfirmed(tool: ToolId): void {
    if (this.timing.confirmed < 0 && tool === "brush") {
      requestAnimationFrame(() => { this.timing.confirmed = performance.now() - this.timing.strokeStart; });
    }
  }

  /** The eyedropper: take hex h's terrain and level; `back` returns to the tool before. */
  pick(h: number, back: boolean): void {
    const model = this.model!;
    if (h < 0) return;
    const picked = model.palette.terrain[model.terrain[h]];
    if (!picked) {
      this.message(`${model.grid.name(h)} has terrain the ${model.rulesetName} chart does not know (see Problems): paint over it`);
      return;
    }
    this.state.terrain = picked.key;
    this.state.level = model.elevation[h];
    this.message(`picked ${picked.name}, level ${this.state.level}`);
    if (back) this.setTool(this.previousTool.id); else this.refreshOptions();
  }

  /** Select a feature (the Features panel) and paint it. */
  selectFeature(code: string | null): void {
    this.state.feature = code;
    this.setTool("feature");
  }

  // --- the pointer ------------------------------------------------------------------------------

  private toolEvent(ev: PointerEvent): ToolEvent {
    const world = this.view.eventWorld(ev);
    return { hex: this.model!.grid.hexAt(...world), world, shift: ev.shiftKey, alt: ev.altKey };
  }

  private listen(): void {
    const canvas = this.canvas;
    canvas.addEventListener("contextmenu", (ev) => ev.preventDefault());
    canvas.addEventListener("pointerdown", (ev) => {
      if (!this.model) return;
      canvas.focus();
      canvas.setPointerCapture(ev.pointerId);
      if (ev.button === 1 || ev.button === 2 || this.tool.pans || this.space) {
        this.drag = { pan: true, x: ev.clientX, y: ev.clientY, last: -1 };
        canvas.style.cursor = "grabbing";
        return;
      }
      if (ev.button !== 0) return;
      const e = this.toolEvent(ev);
      this.drag = { pan: false, x: ev.clientX, y: ev.clientY, last: e.hex };
      if (!this.tool.down(this, e)) this.drag = null;
    });
    canvas.addEventListener("pointermove", (ev) => {
      if (!this.model) return;
      const e = this.toolEvent(ev);
      try {
        this.onMove(ev, e);
      } finally {
        this.showHex(e.hex);
      }
    });
    const end = () => {
      const d = this.drag;
      if (!d) return;
      this.drag = null;
      canvas.style.cursor = this.tool.cursor ?? "";
      if (!d.pan) this.tool.up?.(this);
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("pointerleave", () => {
      this.cursor.hover = -1;
      this.cursor.brush = [];
      this.cursor.side = null;
      this.view.requestDraw();
    });
    canvas.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const r = canvas.getBoundingClientRect();
      this.view.zoomAt(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
      this.showZoom();
    }, { passive: false });
  }

  private onMove(ev: PointerEvent, e: ToolEvent): void {
    const drag = this.drag;
    if (drag?.pan) {
      this.view.panBy(ev.clientX - drag.x, ev.clientY - drag.y);
      drag.x = ev.clientX;
      drag.y = ev.clientY;
      return;
    }
    const c = this.cursor;
    const hover = this.tool.hover?.(this, e) ?? {};
    const brush = hover.brush ?? [];
    const side = hover.side ?? null;
    if (e.hex !== c.hover || brush.length !== c.brush.length || String(side) !== String(c.side)) {
      c.hover = e.hex;
      c.brush = brush;
      c.side = side;
      this.view.requestDraw();
    }
    if (!drag) return;
    if (this.tool.everyMove) { this.tool.move?.(this, e, drag.last); return; }
    if (e.hex < 0 || e.hex === drag.last) return;
    const from = drag.last;
    drag.last = e.hex;
    this.tool.move?.(this, e, from);
  }

  // --- the status bar ---------------------------------------------------------------------------

  showHex(i: number): void {
    const model = this.model;
    if (!model || i < 0) {
      for (const id of ["st-hex", "st-terrain", "st-elevation", "st-features"]) $(id).textContent = "";
      return;
    }
    const t = model.palette.terrain[model.terrain[i]];
    $("st-hex").textContent = model.grid.name(i);
    $("st-terrain").textContent = t?.name ?? "unknown terrain";
    $("st-elevation").textContent = `level ${model.elevation[i]}`;
    const fs = model.featuresAt(i).map((f) => (f.name ? `${f.code} ${f.name}` : f.code));
    $("st-features").textContent = fs.join(", ");
  }

  showZoom(): void {
    $("st-zoom").textContent = `${Math.round(this.view.scale * 2)} px/hex`;
  }
}

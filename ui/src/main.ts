// Kepi's UI: the start page, the map view with its painter tools and panels, the status bar.
// Every change to the map goes to the core through the shell (api.ts); the view draws what comes
// back. The UI holds no rules.

import { listen } from "@tauri-apps/api/event";
import { api, type Delta, type Edit, type MapView, type StatusDto } from "./api";
import { errorText, isAppError } from "./errors";
import { MapModel } from "./model";
import { MapRenderer, type Layers } from "./renderer";

type ToolId =
  | "brush" | "fill" | "elevation" | "hexside" | "route" | "feature" | "exit" | "eraser" | "eyedropper" | "pan";

interface ToolSpec { id: ToolId; key: string; label: string; name: string; help: string }

const TOOLS: ToolSpec[] = [
  { id: "brush", key: "B", label: "B", name: "Terrain brush", help: "paint terrain; [ and ] change the size (1, 7, 19 hexes); Alt+click picks the terrain under the cursor" },
  { id: "fill", key: "G", label: "G", name: "Flood fill", help: "repaint the connected area of one terrain" },
  { id: "elevation", key: "E", label: "E", name: "Elevation", help: "raise (Shift: lower) or set the level; [ and ] change the size" },
  { id: "hexside", key: "S", label: "S", name: "Hexside", help: "click an edge to toggle the feature, drag along edges" },
  { id: "route", key: "R", label: "R", name: "Route", help: "roads, tracks, railroads (the kinds of the map's rules): drag from hex to hex; Shift+click deletes the routes through a hex" },
  { id: "feature", key: "F", label: "F", name: "Feature", help: "paint the selected feature's hexes; Shift removes" },
  { id: "exit", key: "T", label: "T", name: "Exit", help: "click a hex on the map's edge: the named road leaves the map there (the name of the road through it unless one is typed); Shift+click deletes" },
  { id: "eraser", key: "X", label: "X", name: "Eraser", help: "clear hexes: terrain, level, hexsides, roads, features" },
  { id: "eyedropper", key: "I", label: "I", name: "Eyedropper", help: "pick the terrain and level of a hex" },
  { id: "pan", key: "H", label: "H", name: "Pan", help: "drag to move the map (also: right or middle drag, Space+drag)" },
];

const SHORTCUTS: [string, string][] = [
  ...TOOLS.map((t): [string, string] => [t.key, `${t.name}: ${t.help}`]),
  ["1 … 9", "choose the terrain (brush and fill) or the level (elevation)"],
  ["[  ]", "brush size 1, 7, 19 hexes"],
  ["Ctrl+Z", "undo"],
  ["Ctrl+Shift+Z, Ctrl+Y", "redo"],
  ["Ctrl+N / Ctrl+O", "new map / open a map"],
  ["Ctrl+S / Ctrl+Shift+S", "save / save as"],
  ["Ctrl+E", "export a PNG picture (the same as kepi render)"],
  ["Arrows", "pan"],
  ["+  −, wheel", "zoom"],
  ["0", "fit the map to the window"],
  ["?  or F1", "this help"],
  ["Esc", "close a panel, cancel a road"],
];

const SIZES = [1, 7, 19];

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const canvas = $<HTMLCanvasElement>("map-canvas");
const renderer = new MapRenderer(canvas);
let model: MapModel | null = null;

const ui = {
  tool: "brush" as ToolId,
  previousTool: "brush" as ToolId,
  size: 1,
  terrain: "woods",
  hexside: "ridge",
  route: "road",
  elevation: "raise" as "raise" | "lower" | "set",
  level: 1,
  feature: null as string | null,
  exitName: "",
  space: false,
};

/** For tests and the benchmark: when the last brush stroke first showed on screen. */
const timing = { strokeStart: 0, shown: -1, confirmed: -1 };

// --- talking to the shell: one command at a time, in order -----------------------------------

let chain: Promise<unknown> = Promise.resolve();
function send<T>(call: () => Promise<T>, then?: (v: T) => void, quiet = false): Promise<void> {
  const p = chain.then(call).then(
    (v) => then?.(v),
    (e) => (quiet ? message(errorText(e), true) : showError(e)),
  );
  chain = p;
  return p;
}

function showError(e: unknown): void {
  $("error-text").textContent = errorText(e) + (isAppError(e) ? `\n\n(${e.code})` : "");
  $("error").hidden = false;
  $("error-close").focus();
}

function message(text: string, warn = false): void {
  const m = $("st-message");
  m.textContent = text;
  m.style.color = warn ? "#b3261e" : "";
}

// --- pages ------------------------------------------------------------------------------------

function showStart(): void {
  $("start").hidden = false;
  $("editor").hidden = true;
  void refreshRecent();
}

async function refreshRecent(): Promise<void> {
  const list = $("recent");
  list.textContent = "";
  let recent: string[] = [];
  try { recent = await api.recentFiles(); } catch { /* no shell: nothing to list */ }
  if (recent.length === 0) {
    const li = document.createElement("li");
    li.textContent = "None yet.";
    list.append(li);
  }
  for (const path of recent) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = path;
    b.addEventListener("click", () => guard(() => void send(() => api.openRecent(path), openView)));
    li.append(b);
    list.append(li);
  }
}

function openView(v: MapView | null): void {
  if (!v) return;
  model = new MapModel(v);
  $("start").hidden = true;
  $("editor").hidden = false;
  renderer.resize();
  renderer.setModel(model);
  ui.terrain = model.palette.terrain.find((t) => t.key !== model!.palette.default_terrain)?.key ?? model.palette.default_terrain;
  ui.hexside = model.palette.hexsides[0]?.key ?? "";
  ui.route = model.palette.routes[0]?.key ?? "";
  ui.feature = model.features[0]?.code ?? null;
  renderer.overlay.feature = ui.tool === "feature" ? ui.feature : null;
  buildToolbar();
  buildOptions();
  buildMapProps();
  buildLayers();
  buildFeatures();
  buildExits();
  buildUnderlay();
  buildProblems();
  updateTitle();
  void loadUnderlayImage();
  canvas.focus();
  message(`${v.name || v.id}: ${v.grid.columns} x ${v.grid.rows} hexes, ${v.ruleset_name}`);
}

function applyDelta(d: Delta): void {
  if (!model) return;
  const { regions, all } = model.apply(d);
  if (all) renderer.invalidateAll();
  else renderer.invalidate(regions);
  if (d.features) buildFeatures();
  if (d.exits) buildExits();
  if (d.problems) buildProblems();
  if (d.underlay_changed) buildUnderlay();
  if (d.hexsides.length || d.routes || d.features || d.underlay_changed || d.problems) renderer.requestDraw();
  if (renderer.overlay.hover >= 0) showHex(renderer.overlay.hover);
  updateTitle();
}

function updateTitle(): void {
  const t = $("doc-title");
  if (!model) { t.textContent = ""; return; }
  const s = model.status;
  t.textContent = `${s.title}${s.dirty ? " •" : ""}${s.path ? "  —  " + s.path : "  (not saved yet)"}`;
  document.title = `${s.title}${s.dirty ? " •" : ""} — Kepi`;
  $<HTMLButtonElement>("btn-undo").disabled = !s.can_undo;
  $<HTMLButtonElement>("btn-redo").disabled = !s.can_redo;
}

async function loadUnderlayImage(): Promise<void> {
  if (!model?.underlay) { renderer.setUnderlayImage(null); return; }
  try {
    const buf = await api.underlayImage();
    if (buf.byteLength === 0) { renderer.setUnderlayImage(null); return; }
    const bmp = await createImageBitmap(new Blob([buf], { type: "image/png" }));
    renderer.setUnderlayImage(bmp, bmp.width, bmp.height);
  } catch (e) {
    message(`underlay picture: ${errorText(e)}`, true);
  }
}

// --- panels -----------------------------------------------------------------------------------

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

function buildToolbar(): void {
  const bar = $("toolbar");
  bar.textContent = "";
  for (const t of TOOLS) {
    const b = el("button", { title: `${t.name} (${t.key})`, id: `tool-${t.id}` }, t.label);
    b.classList.toggle("active", ui.tool === t.id);
    b.addEventListener("click", () => setTool(t.id));
    bar.append(b);
  }
}

function setTool(t: ToolId): void {
  if (t !== "eyedropper") ui.previousTool = ui.tool === "eyedropper" ? ui.previousTool : ui.tool;
  ui.tool = t;
  renderer.overlay.path = [];
  renderer.overlay.side = null;
  renderer.overlay.feature = t === "feature" ? ui.feature : null;
  buildToolbar();
  buildOptions();
  renderer.requestDraw();
  const spec = TOOLS.find((x) => x.id === t)!;
  message(`${spec.name}: ${spec.help}`);
  // The exit tool's list is the Exits panel.
  if (t === "exit") ($("exits").closest("details") as HTMLDetailsElement).open = true;
}

function buildOptions(): void {
  const box = $("tool-options");
  box.textContent = "";
  if (!model) return;
  const spec = TOOLS.find((x) => x.id === ui.tool)!;
  box.append(el("strong", {}, spec.name));
  const sizes = () => {
    for (const n of SIZES) {
      const b = el("button", { id: `size-${n}`, title: "[ and ] change the size" }, `${n}`);
      b.classList.toggle("active", ui.size === n);
      b.addEventListener("click", () => { ui.size = n; buildOptions(); });
      box.append(b);
    }
  };
  if (ui.tool === "brush" || ui.tool === "fill") {
    model.palette.terrain.forEach((t, k) => {
      const b = el("button", { id: `terrain-${t.key}`, title: `${t.name} (${k + 1})` });
      b.append(el("span", { className: "swatch" }), t.name);
      (b.firstChild as HTMLElement).style.background = t.color;
      b.classList.toggle("active", ui.terrain === t.key);
      b.addEventListener("click", () => { ui.terrain = t.key; buildOptions(); });
      box.append(b);
    });
    if (ui.tool === "brush") sizes();
  } else if (ui.tool === "elevation") {
    for (const mode of ["raise", "lower", "set"] as const) {
      const b = el("button", { id: `elev-${mode}` }, mode);
      b.classList.toggle("active", ui.elevation === mode);
      b.addEventListener("click", () => { ui.elevation = mode; buildOptions(); });
      box.append(b);
    }
    const level = el("input", { type: "number", min: "0", max: "9", value: String(ui.level), id: "elev-level", title: "level for set (0-9)" });
    level.addEventListener("change", () => { ui.level = Math.max(0, Math.min(9, Number(level.value) | 0)); });
    box.append("level", level);
    sizes();
  } else if (ui.tool === "hexside") {
    for (const h of model.palette.hexsides) {
      const b = el("button", { id: `hexside-${h.key}` });
      b.append(el("span", { className: "swatch" }), h.name);
      (b.firstChild as HTMLElement).style.background = h.color;
      b.classList.toggle("active", ui.hexside === h.key);
      b.addEventListener("click", () => { ui.hexside = h.key; buildOptions(); });
      box.append(b);
    }
    box.append(el("span", { className: "hint" }, `(${model.palette.reference} hexside features)`));
  } else if (ui.tool === "route") {
    for (const r of model.palette.routes) {
      const b = el("button", { id: `route-${r.key}` }, r.name);
      b.classList.toggle("active", ui.route === r.key);
      b.addEventListener("click", () => { ui.route = r.key; buildOptions(); });
      box.append(b);
    }
  } else if (ui.tool === "feature") {
    box.append(ui.feature ? `painting ${ui.feature}` : "create or pick a feature in the Features panel");
  } else if (ui.tool === "exit") {
    const name = el("input", { value: ui.exitName, id: "exit-name", placeholder: "South Road", title: "the exit's name (empty: the name of the road through the hex)" });
    name.addEventListener("input", () => { ui.exitName = name.value; });
    box.append("name", name, el("span", { className: "hint" }, "click a hex on the map's edge"));
  } else if (ui.tool === "eraser") {
    sizes();
  }
}

function buildMapProps(): void {
  const box = $("map-props");
  box.textContent = "";
  if (!model) return;
  const name = el("input", { value: model.name, id: "map-name", title: "the map's name" });
  const description = el("textarea", { value: model.description, id: "map-description", rows: 3, title: "description" });
  const apply = el("button", { id: "map-apply" }, "Apply");
  apply.addEventListener("click", () =>
    send(() => api.edit({ op: "set_name", name: name.value.trim(), description: description.value }, false), (d) => {
      if (model) model.description = description.value;
      applyDelta(d);
    }));
  const g = model.grid.spec;
  box.append(
    el("label", {}, "Name ", name),
    el("label", {}, "Description ", description),
    apply,
    el("p", { className: "later" }, `${g.columns} x ${g.rows} hexes, ${g.orientation}-topped, ${g.shove} shoved; ${model.rulesetName}; id ${model.id}`),
  );
}

function buildLayers(): void {
  const box = $("layers");
  box.textContent = "";
  const names: [keyof Layers, string][] = [
    ["terrain", "Terrain"], ["elevation", "Elevation shading"], ["grid", "Hex grid"],
    ["hexsides", "Hexsides"], ["routes", "Roads"], ["labels", "Feature labels"],
    ["numbers", "Hex numbers"], ["underlay", "Underlay"], ["problems", "Problems"],
  ];
  for (const [key, label] of names) {
    const c = el("input", { type: "checkbox", checked: renderer.layers[key], id: `layer-${key}` });
    c.addEventListener("change", () => {
      renderer.layers[key] = c.checked;
      renderer.invalidateAll();
    });
    box.append(el("label", {}, c, ` ${label}`));
  }
}

function buildFeatures(): void {
  const box = $("features");
  box.textContent = "";
  if (!model) return;
  if (ui.feature && !model.features.some((f) => f.code === ui.feature)) ui.feature = null;
  for (const f of model.features) {
    const row = el("div", { className: "row" });
    row.classList.toggle("selected", f.code === ui.feature);
    const pick = el("button", { title: "paint this feature's hexes (F)" }, f.code);
    pick.addEventListener("click", () => { ui.feature = f.code; setTool("feature"); buildFeatures(); });
    row.append(pick, el("span", {}, `${f.name || f.kind} (${f.hexes.length})`));
    box.append(row);
  }
  if (ui.feature) {
    const f = model.features.find((x) => x.code === ui.feature)!;
    const code = el("input", { value: f.code, id: "feature-edit-code", title: "code" });
    const name = el("input", { value: f.name, id: "feature-edit-name", title: "name" });
    const rename = el("button", { id: "feature-rename" }, "Rename");
    rename.addEventListener("click", () =>
      send(() => api.edit({ op: "feature_edit", code: f.code, new_code: code.value.trim(), name: name.value }, false), (d) => {
        ui.feature = code.value.trim();
        applyDelta(d);
      }));
    const del = el("button", { id: "feature-delete" }, "Delete");
    del.addEventListener("click", () =>
      send(() => api.edit({ op: "feature_delete", code: f.code }, false), applyDelta));
    box.append(el("div", { className: "row" }, code, name), el("div", { className: "row" }, rename, del));
  }
  const form = el("form", { id: "feature-form" });
  const code = el("input", { placeholder: "V4", id: "feature-code", title: "code: capital letters and a number" });
  const name = el("input", { placeholder: "name", id: "feature-name" });
  const add = el("button", { type: "submit", id: "feature-create" }, "New");
  form.append(code, name, add);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const c = code.value.trim();
    send(() => api.edit({ op: "feature_create", code: c, name: name.value.trim() }, false), (d) => {
      ui.feature = c;
      applyDelta(d);
      setTool("feature");
    });
  });
  box.append(form);
}

function buildExits(): void {
  const box = $("exits");
  box.textContent = "";
  if (!model) return;
  if (model.exits.length === 0) box.append(el("p", { className: "later" }, "No exits: mark where roads leave the map with the Exit tool (T)."));
  for (const e of model.exits) {
    const go = el("button", { title: "show it" }, model.grid.name(e.hex));
    go.addEventListener("click", () => renderer.centerOn(e.hex));
    const del = el("button", { title: "delete this exit", className: "exit-delete" }, "Delete");
    del.addEventListener("click", () => send(() => api.edit({ op: "exit_remove", name: e.name }, false), applyDelta));
    box.append(el("div", { className: "row exit" }, go, el("span", {}, `${e.name} (${e.edge})`), del));
  }
}

/** The map edges hex i is on (as the core's Grid::edge_hexes), the one whose side of the hex is
 * nearest the world point (x, y) first. */
function edgesAt(i: number, x: number, y: number): string[] {
  const g = model!.grid;
  const c = g.col(i), r = g.row(i);
  // The hex's own extent (a shoved hex on the edge row sits half a hex in from the map's).
  const [ax, ay] = g.spec.orientation === "flat" ? [1, Math.sqrt(3) / 2] : [Math.sqrt(3) / 2, 1];
  const edges: [string, number][] = [];
  if (r === 0) edges.push(["north", y - (g.cy[i] - ay)]);
  if (r === g.spec.rows - 1) edges.push(["south", g.cy[i] + ay - y]);
  if (c === 0) edges.push(["west", x - (g.cx[i] - ax)]);
  if (c === g.spec.columns - 1) edges.push(["east", g.cx[i] + ax - x]);
  return edges.sort((p, q) => p[1] - q[1]).map(([e]) => e);
}

function exitAt(ev: PointerEvent, h: number): void {
  if (!model || h < 0) return;
  if (ev.shiftKey) {
    send(() => api.edit({ op: "exit_delete", hex: h }, false), applyDelta);
    return;
  }
  const r = canvas.getBoundingClientRect();
  const [x, y] = renderer.toWorld(ev.clientX - r.left, ev.clientY - r.top);
  const edge = edgesAt(h, x, y)[0];
  if (!edge) { message(`${model.grid.name(h)} is not on the map's edge: an exit is a hex on the edge a road leaves by`, true); return; }
  const name = ui.exitName.trim() || model.routes.find((rt) => rt.name && rt.hexes.includes(h))?.name || "";
  if (!name) { message("type the exit's name (or draw a named road through the hex first)", true); $("exit-name")?.focus(); return; }
  send(() => api.edit({ op: "exit_set", name, hex: h, edge }, false), (d) => {
    applyDelta(d);
    message(`exit ${name}: ${model!.grid.name(h)}, ${edge} edge`);
  });
}

function buildUnderlay(): void {
  const box = $("underlay");
  box.textContent = "";
  if (!model) return;
  const imp = el("button", { id: "underlay-import" }, "Import PNG or JPEG…");
  imp.addEventListener("click", () =>
    send(() => api.importUnderlay(), (d) => {
      if (!d) return;
      applyDelta(d);
      void loadUnderlayImage();
    }));
  box.append(imp);
  const u = model.underlay;
  if (!u) return;
  const fields: [keyof typeof u, string, string][] = [
    ["opacity", "Opacity", "0.05"], ["scale", "Scale", "0.001"], ["x", "X", "0.1"],
    ["y", "Y", "0.1"], ["rotation_deg", "Rotation °", "0.5"],
  ];
  for (const [key, label, step] of fields) {
    const input = el("input", {
      type: key === "opacity" ? "range" : "number", step, value: String(Number((u[key] as number).toPrecision(6))),
      min: key === "opacity" ? "0" : "", max: key === "opacity" ? "1" : "", id: `underlay-${key}`,
    });
    input.addEventListener("input", () => {
      const v = Number(input.value);
      if (Number.isFinite(v) && model?.underlay) { (model.underlay as unknown as Record<string, number>)[key] = v; renderer.requestDraw(); }
    });
    input.addEventListener("change", () => {
      if (!model?.underlay) return;
      send(() => api.edit({ op: "set_underlay", underlay: { ...model!.underlay! } }, false), applyDelta);
    });
    box.append(el("label", {}, label, input));
  }
  const remove = el("button", { id: "underlay-remove" }, "Remove underlay");
  remove.addEventListener("click", () => send(() => api.edit({ op: "set_underlay", underlay: null }, false), applyDelta));
  box.append(remove, el("p", { className: "later" }, u.image));
}

function buildProblems(): void {
  const list = $("problems");
  list.textContent = "";
  if (!model) return;
  $("problem-count").textContent = model.problems.length ? `(${model.problems.length})` : "";
  if (model.problems.length === 0) {
    list.append(el("li", { className: "ok" }, "No problems: the map saves as it is."));
  }
  for (const p of model.problems) {
    const li = el("li", { title: p.field }, p.text);
    li.addEventListener("click", () => {
      const i = p.hex ? model!.grid.parse(p.hex) : -1;
      if (i >= 0) renderer.centerOn(i);
    });
    list.append(li);
  }
}

// --- the status bar ---------------------------------------------------------------------------

function showHex(i: number): void {
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

function showZoom(): void {
  $("st-zoom").textContent = `${Math.round(renderer.scale * 2)} px/hex`;
}

// --- pointer tools ----------------------------------------------------------------------------

interface Drag {
  kind: "pan" | "tool";
  x: number;
  y: number;
  last: number;
  lastSide: string;
  on: boolean;
  shift: boolean;
}
let drag: Drag | null = null;

function hexAtEvent(ev: PointerEvent | MouseEvent): number {
  if (!model) return -1;
  const r = canvas.getBoundingClientRect();
  const [x, y] = renderer.toWorld(ev.clientX - r.left, ev.clientY - r.top);
  return model.grid.hexAt(x, y);
}

function sideAtEvent(ev: PointerEvent | MouseEvent): [number, number] | null {
  if (!model) return null;
  const r = canvas.getBoundingClientRect();
  const [x, y] = renderer.toWorld(ev.clientX - r.left, ev.clientY - r.top);
  return model.grid.sideAt(x, y);
}

/** Hexes under the straight line between two hexes (for fast drags). */
function between(a: number, b: number): number[] {
  const g = model!.grid;
  const n = Math.ceil(Math.hypot(g.cx[b] - g.cx[a], g.cy[b] - g.cy[a]) / 0.5);
  const out: number[] = [];
  for (let k = 1; k <= n; k++) {
    const h = g.hexAt(g.cx[a] + ((g.cx[b] - g.cx[a]) * k) / n, g.cy[a] + ((g.cy[b] - g.cy[a]) * k) / n);
    if (h >= 0 && h !== out[out.length - 1] && h !== a) out.push(h);
  }
  return out;
}

function brushRadius(): number {
  return SIZES.indexOf(ui.size);
}

/** The brush's hexes drawn at once, before the core answers: a stroke shows within a frame. */
function paintLocally(center: number, erase: boolean): void {
  if (!model) return;
  const t = erase ? model.terrainIndex(model.palette.default_terrain) : model.terrainIndex(ui.terrain);
  if (t < 0) return;
  const cells = model.grid.within(center, brushRadius());
  for (const i of cells) {
    model.terrain[i] = t;
    if (erase) model.elevation[i] = 0;
  }
  renderer.cellsChanged(cells);
}

function toolAt(h: number, first: boolean): void {
  if (!model || h < 0 || !drag) return;
  const inStroke = true;
  let edit: Edit | null = null;
  switch (ui.tool) {
    case "brush":
      paintLocally(h, false);
      edit = { op: "paint", hex: h, size: ui.size, terrain: ui.terrain };
      break;
    case "eraser":
      paintLocally(h, true);
      edit = { op: "erase", hex: h, size: ui.size };
      break;
    case "elevation": {
      let change = ui.elevation;
      if (drag.shift && change !== "set") change = change === "raise" ? "lower" : "raise";
      edit = { op: "elevation", hex: h, size: ui.size, change, level: ui.level };
      break;
    }
    case "feature":
      if (!ui.feature) { message("create or pick a feature in the Features panel first", true); return; }
      edit = { op: "feature_hex", code: ui.feature, hex: h, on: !drag.shift };
      break;
    case "route": {
      const path = renderer.overlay.path;
      if (first) { renderer.overlay.path = [h]; break; }
      for (const s of between(path[path.length - 1], h)) {
        if (path.length >= 2 && path[path.length - 2] === s) path.pop();
        else if (path[path.length - 1] !== s) path.push(s);
      }
      renderer.requestDraw();
      break;
    }
    default:
      break;
  }
  if (edit) {
    const e = edit;
    send(() => api.edit(e, inStroke), (d) => {
      applyDelta(d);
      if (timing.confirmed < 0 && ui.tool === "brush") {
        requestAnimationFrame(() => { timing.confirmed = performance.now() - timing.strokeStart; });
      }
    }, true);
  }
}

function sideEdit(side: [number, number]): void {
  if (!model || !drag) return;
  const key = `${side[0]}:${side[1]}`;
  if (key === drag.lastSide) return;
  drag.lastSide = key;
  const edit: Edit = { op: "hexside", a: side[0], b: side[1], feature: ui.hexside, on: drag.on };
  send(() => api.edit(edit, true), applyDelta, true);
}

canvas.addEventListener("contextmenu", (ev) => ev.preventDefault());

canvas.addEventListener("pointerdown", (ev) => {
  if (!model) return;
  canvas.focus();
  canvas.setPointerCapture(ev.pointerId);
  const panning = ev.button === 1 || ev.button === 2 || ui.tool === "pan" || ui.space;
  if (panning) {
    drag = { kind: "pan", x: ev.clientX, y: ev.clientY, last: -1, lastSide: "", on: true, shift: ev.shiftKey };
    canvas.style.cursor = "grabbing";
    return;
  }
  if (ev.button !== 0) return;
  const h = hexAtEvent(ev);
  drag = { kind: "tool", x: ev.clientX, y: ev.clientY, last: h, lastSide: "", on: true, shift: ev.shiftKey };
  const tool = ev.altKey && ui.tool === "brush" ? "eyedropper" : ui.tool;
  if (tool === "eyedropper") {
    const picked = h >= 0 ? model.palette.terrain[model.terrain[h]] : undefined;
    if (h >= 0 && !picked) {
      message(`${model.grid.name(h)} has terrain the ${model.rulesetName} chart does not know (see Problems): paint over it`);
    } else if (h >= 0 && picked) {
      ui.terrain = picked.key;
      ui.level = model.elevation[h];
      message(`picked ${picked.name}, level ${ui.level}`);
      if (ui.tool === "eyedropper") setTool(ui.previousTool); else buildOptions();
    }
    drag = null;
    return;
  }
  if (tool === "fill") {
    if (h >= 0) send(() => api.edit({ op: "fill", hex: h, terrain: ui.terrain }, false), applyDelta);
    drag = null;
    return;
  }
  if (tool === "exit") {
    exitAt(ev, h);
    drag = null;
    return;
  }
  if (tool === "route" && ev.shiftKey) {
    if (h >= 0) send(() => api.edit({ op: "delete_routes_at", hex: h }, false), applyDelta);
    drag = null;
    return;
  }
  if (tool === "hexside") {
    const side = sideAtEvent(ev);
    if (!side) { drag = null; return; }
    const has = model.hexsides.get(`${side[0]}:${side[1]}`)?.features.includes(ui.hexside) ?? false;
    drag.on = !has;
    send(() => api.beginStroke());
    sideEdit(side);
    return;
  }
  if (tool !== "route") send(() => api.beginStroke());
  timing.strokeStart = performance.now();
  timing.shown = -1;
  timing.confirmed = -1;
  renderer.onDrawn = () => {
    if (timing.shown < 0) timing.shown = performance.now() - timing.strokeStart;
    renderer.onDrawn = null;
  };
  toolAt(h, true);
});

canvas.addEventListener("pointermove", (ev) => {
  if (!model) return;
  const h = hexAtEvent(ev);
  try {
    onMove(ev, h);
  } finally {
    showHex(h);
  }
});

function onMove(ev: PointerEvent, h: number): void {
  if (!model) return;
  if (drag?.kind === "pan") {
    renderer.panBy(ev.clientX - drag.x, ev.clientY - drag.y);
    drag.x = ev.clientX;
    drag.y = ev.clientY;
    return;
  }
  const o = renderer.overlay;
  const hover = h;
  const brushLike = ui.tool === "brush" || ui.tool === "eraser" || ui.tool === "elevation";
  const brush = brushLike && h >= 0 ? model.grid.within(h, brushRadius()) : [];
  const side = ui.tool === "hexside" ? sideAtEvent(ev) : null;
  if (hover !== o.hover || brush.length !== o.brush.length || String(side) !== String(o.side)) {
    o.hover = hover;
    o.brush = brush;
    o.side = side;
    renderer.requestDraw();
  }
  if (!drag || drag.kind !== "tool") return;
  if (ui.tool === "hexside") {
    if (side) sideEdit(side);
    return;
  }
  if (h < 0 || h === drag.last) return;
  const from = drag.last;
  drag.last = h;
  if (ui.tool === "route" || from < 0) { toolAt(h, false); return; }
  for (const s of between(from, h)) toolAt(s, false);
}

function endDrag(): void {
  if (!drag) return;
  const d = drag;
  drag = null;
  canvas.style.cursor = "";
  if (d.kind !== "tool") return;
  if (ui.tool === "route") {
    const path = renderer.overlay.path;
    renderer.overlay.path = [];
    renderer.requestDraw();
    if (path.length >= 2) send(() => api.edit({ op: "route", kind: ui.route, hexes: path }, false), applyDelta);
    return;
  }
  send(() => api.endStroke(), applyDelta);
}
canvas.addEventListener("pointerup", endDrag);
canvas.addEventListener("pointercancel", endDrag);
canvas.addEventListener("pointerleave", () => {
  renderer.overlay.hover = -1;
  renderer.overlay.brush = [];
  renderer.overlay.side = null;
  renderer.requestDraw();
});

canvas.addEventListener("wheel", (ev) => {
  ev.preventDefault();
  const r = canvas.getBoundingClientRect();
  renderer.zoomAt(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
  showZoom();
}, { passive: false });

// --- commands and keys --------------------------------------------------------------------------

/** After a save: the map took the file's name as its id (and its underlay's file name). */
function saved(s: StatusDto | null): void {
  if (!s || !model) return;
  model.status = s;
  updateTitle();
  message(`saved ${s.path}`);
  send(() => api.mapView(), (v) => {
    if (!model) return;
    model.id = v.id;
    model.underlay = v.underlay;
    buildMapProps();
    buildUnderlay();
  }, true);
}

const commands = {
  newMap: () => showStart(),
  open: () => guard(() => void send(() => api.openMap(), openView)),
  save: () => model && send(() => api.save(), saved),
  saveAs: () => model && send(() => api.saveAs(), saved),
  exportPng: () => model && send(() => api.exportPng(32), (p) => p && message(`exported ${p}`)),
  undo: () => model && send(() => api.undo(), applyDelta),
  redo: () => model && send(() => api.redo(), applyDelta),
  help: () => { $("help").hidden = !$("help").hidden; },
};

$("btn-home").addEventListener("click", showStart);
$("btn-new").addEventListener("click", commands.newMap);
$("btn-open").addEventListener("click", commands.open);
$("start-open").addEventListener("click", commands.open);
$("btn-save").addEventListener("click", () => commands.save());
$("btn-save-as").addEventListener("click", () => commands.saveAs());
$("btn-export").addEventListener("click", () => commands.exportPng());
$("btn-undo").addEventListener("click", () => commands.undo());
$("btn-redo").addEventListener("click", () => commands.redo());
$("btn-help").addEventListener("click", commands.help);
$("help-close").addEventListener("click", commands.help);
$("error-close").addEventListener("click", () => { $("error").hidden = true; canvas.focus(); });

$("new-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const n = (id: string) => Number($<HTMLInputElement>(id).value);
  guard(() => void send(() => api.newMap({
    name: $<HTMLInputElement>("new-name").value.trim(),
    columns: n("new-columns"),
    rows: n("new-rows"),
    orientation: $<HTMLSelectElement>("new-orientation").value,
    shove: $<HTMLSelectElement>("new-shove").value,
    ruleset: $<HTMLSelectElement>("new-ruleset").value,
  }), openView));
});

const helpTable = $("help-table");
for (const [k, what] of SHORTCUTS) {
  const tr = el("tr", {}, el("td", {}, el("kbd", {}, k)), el("td", {}, what));
  helpTable.append(tr);
}

window.addEventListener("keydown", (ev) => {
  const target = ev.target as HTMLElement;
  if (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return;
  const k = ev.key;
  const ctrl = ev.ctrlKey || ev.metaKey;
  if (ctrl) {
    const lower = k.toLowerCase();
    const action =
      lower === "z" && ev.shiftKey ? commands.redo
      : lower === "z" ? commands.undo
      : lower === "y" ? commands.redo
      : lower === "s" && ev.shiftKey ? commands.saveAs
      : lower === "s" ? commands.save
      : lower === "o" ? commands.open
      : lower === "n" ? commands.newMap
      : lower === "e" ? commands.exportPng
      : null;
    if (action) { ev.preventDefault(); action(); }
    return;
  }
  if (k === "?" || k === "F1") { ev.preventDefault(); commands.help(); return; }
  if (k === "Escape") {
    $("help").hidden = true;
    $("error").hidden = true;
    renderer.overlay.path = [];
    renderer.requestDraw();
    return;
  }
  if (!model || $("editor").hidden) return;
  const step = 80;
  switch (k) {
    case "ArrowLeft": renderer.panBy(step, 0); ev.preventDefault(); return;
    case "ArrowRight": renderer.panBy(-step, 0); ev.preventDefault(); return;
    case "ArrowUp": renderer.panBy(0, step); ev.preventDefault(); return;
    case "ArrowDown": renderer.panBy(0, -step); ev.preventDefault(); return;
    case "+": case "=": renderer.zoomAt(1.25); showZoom(); return;
    case "-": case "_": renderer.zoomAt(0.8); showZoom(); return;
    case "0": renderer.fit(); showZoom(); return;
    case "[": ui.size = SIZES[Math.max(0, SIZES.indexOf(ui.size) - 1)]; buildOptions(); return;
    case "]": ui.size = SIZES[Math.min(2, SIZES.indexOf(ui.size) + 1)]; buildOptions(); return;
    case " ": ui.space = true; ev.preventDefault(); return;
  }
  if (/^[1-9]$/.test(k)) {
    const n = Number(k);
    if (ui.tool === "elevation") { ui.level = n; ui.elevation = "set"; }
    else if (model.palette.terrain[n - 1]) ui.terrain = model.palette.terrain[n - 1].key;
    buildOptions();
    return;
  }
  const tool = TOOLS.find((t) => t.key.toLowerCase() === k.toLowerCase());
  if (tool) setTool(tool.id);
});
window.addEventListener("keyup", (ev) => { if (ev.key === " ") ui.space = false; });
window.addEventListener("resize", () => { renderer.resize(); showZoom(); });

// --- the unsaved-changes guard ----------------------------------------------------------------

let afterConfirm: (() => void) | null = null;

/** Run `then` at once, or after asking (save, discard, cancel) when the map has unsaved changes. */
function guard(then: () => void): void {
  if (!model?.status.dirty) { then(); return; }
  afterConfirm = then;
  $("confirm-text").textContent = `${model.status.title} has unsaved changes.`;
  $("confirm").hidden = false;
  $("confirm-cancel").focus();
}
$("confirm-cancel").addEventListener("click", () => { $("confirm").hidden = true; afterConfirm = null; });
$("confirm-discard").addEventListener("click", () => {
  $("confirm").hidden = true;
  const then = afterConfirm;
  afterConfirm = null;
  then?.();
});
$("confirm-save").addEventListener("click", () => {
  $("confirm").hidden = true;
  const then = afterConfirm;
  afterConfirm = null;
  send(() => api.save(), (s) => {
    if (!s || !model) return;
    saved(s);
    then?.();
  });
});

// --- start --------------------------------------------------------------------------------------

/** Script errors, for the end-to-end tests (they fail on any). */
const errors: string[] = [];
window.addEventListener("error", (e) => errors.push(`${e.message} at ${e.filename}:${e.lineno}`));
window.addEventListener("unhandledrejection", (e) => errors.push(String(e.reason)));

/** Hooks for the end-to-end tests: where a hex is on screen, and stroke timings. */
declare global {
  interface Window { kepi: unknown }
}
window.kepi = {
  hexPoint(name: string): { x: number; y: number } | null {
    if (!model) return null;
    const i = model.grid.parse(name);
    if (i < 0) return null;
    const r = canvas.getBoundingClientRect();
    const [x, y] = renderer.toScreen(model.grid.cx[i], model.grid.cy[i]);
    return { x: r.left + x, y: r.top + y };
  },
  sidePoint(a: string, b: string): { x: number; y: number } | null {
    if (!model) return null;
    const i = model.grid.parse(a), j = model.grid.parse(b);
    const r = canvas.getBoundingClientRect();
    const [x, y] = renderer.toScreen((model.grid.cx[i] + model.grid.cx[j]) / 2, (model.grid.cy[i] + model.grid.cy[j]) / 2);
    return { x: r.left + x, y: r.top + y };
  },
  zoomTo(pxPerRadius: number): void { renderer.zoomAt(pxPerRadius / renderer.scale); },
  timing,
  errors,
  view: () => ({ scale: renderer.scale, tiles: renderer.tileStats, frames: renderer.drawTimes.length, complete: renderer.complete }),
  status: () => model?.status ?? null,
  busy: async () => { await chain; },
};

void listen("close-requested", () => guard(() => void send(() => api.closeWindow(true))));
showStart();
void api.appInfo().then((info) => {
  message(`Kepi ${info.version}`);
  // The rule systems whose terrain charts give a map its terrain, hexsides and routes.
  const select = $<HTMLSelectElement>("new-ruleset");
  select.replaceChildren(...info.rulesets.map(([key, name]) => el("option", { value: key }, name)));
}).catch(() => message("Kepi"));

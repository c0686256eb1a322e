// The terrain key: one swatch per terrain, hexside feature and route used on the map (in the
// chart's order, as src/render/furniture.rs lists them), each a small canvas drawn by the map's
// own layers on a little map of nine hexes, the swatch's hex at the centre (clipped to it): the
// key shows exactly what the map shows. A hexside is drawn on the swatch's upper side, its upper
// neighbour a level higher (a crest ticked down into the swatch); a route runs across it.

import type { MapView } from "../ipc/commands";
import { MapModel } from "../store/map";
import { mapLayers, hexPath } from "./layers";

export interface KeyEntry {
  kind: "terrain" | "hexside" | "route";
  key: string;
  name: string;
}

/** What the map uses, in the chart's (palette's) order. */
export function keyEntries(m: MapModel): KeyEntry[] {
  const terrain = new Set<number>(m.terrain);
  const sides = new Set<string>();
  for (const s of m.hexsides.values()) for (const f of s.features) sides.add(f);
  const routes = new Set(m.routes.map((r) => r.kind));
  const p = m.palette;
  return [
    ...p.terrain.filter((_, i) => terrain.has(i)).map((t) => ({ kind: "terrain" as const, key: t.key, name: t.name })),
    ...p.hexsides.filter((h) => sides.has(h.key)).map((h) => ({ kind: "hexside" as const, key: h.key, name: h.name })),
    ...p.routes.filter((r) => routes.has(r.key)).map((r) => ({ kind: "route" as const, key: r.key, name: r.name })),
  ];
}

/** The swatch's little map: 3 x 3 flat hexes of the default terrain, the centre (index 4) the
 * entry's terrain, or crossed by its hexside (with its upper neighbour, index 1) or route. */
function swatchModel(m: MapModel, e: KeyEntry): MapModel {
  const plain = Math.max(0, m.terrainIndex(m.palette.default_terrain));
  const terrain = new Array<number>(9).fill(plain);
  if (e.kind === "terrain") terrain[4] = Math.max(0, m.terrainIndex(e.key));
  const elevation = new Array<number>(9).fill(0);
  if (e.kind === "hexside") elevation[1] = 1;
  const view: MapView = {
    id: "key", name: "", description: "", ruleset: "", ruleset_name: "",
    grid: { orientation: "flat", shove: "even", columns: 3, rows: 3 },
    scale: m.scale, ruleset_scale: "", palette: m.palette, terrain, elevation,
    hexsides: e.kind === "hexside" ? [{ a: 1, b: 4, features: [e.key] }] : [],
    // Even shove: the centre (column 2, printed) sits half a hex lower than columns 1 and 3,
    // so hexes 3 (left, upper) and 8 (right, lower) are its neighbours on either side.
    routes: e.kind === "route" ? [{ kind: e.key, name: "", hexes: [3, 4, 8] }] : [],
    features: [], exits: [], underlay: null,
    status: { path: null, title: "", dirty: false, can_undo: false, can_redo: false }, problems: [],
  };
  return new MapModel(view);
}

/** Draw an entry's swatch on a canvas of `size` CSS pixels: the hex fills it, outlined. */
export function drawSwatch(canvas: HTMLCanvasElement, m: MapModel, e: KeyEntry, size: number, dpr = window.devicePixelRatio || 1): void {
  canvas.width = Math.round(size * dpr);
  canvas.height = Math.round(size * dpr);
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const sm = swatchModel(m, e);
  const g = sm.grid;
  const r = (size / 2) * dpr * 0.94;
  const cells = Array.from({ length: g.len }, (_, i) => i);
  ctx.setTransform(r, 0, 0, r, canvas.width / 2 - g.cx[4] * r, canvas.height / 2 - g.cy[4] * r);
  const hex = new Path2D();
  hexPath(hex, g, 4, 1);
  // Terrain, edges and routes clipped to the swatch's hex; a hexside whole, on its upper side.
  const wanted = ["terrain", "edges", "routes", "hexsides"];
  const layers = mapLayers().filter((l) => wanted.includes(l.id) && l.tile);
  layers.sort((a, b) => wanted.indexOf(a.id) - wanted.indexOf(b.id));
  for (const l of layers) {
    l.attach?.(sm);
    ctx.save();
    if (l.id !== "hexsides") ctx.clip(hex);
    l.tile!(ctx, { model: sm, grid: g, cells, visible: new Set(cells), pxPerUnit: r });
    ctx.restore();
  }
  ctx.strokeStyle = "rgba(36,34,30,0.6)";
  ctx.lineWidth = 1 / r * dpr;
  ctx.stroke(hex);
}

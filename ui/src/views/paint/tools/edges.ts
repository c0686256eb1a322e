// Tools that work on the map's structure rather than hex by hex: hexsides, routes and exits.

import type { Painter } from "../painter";
import { el, swatchButton, between, type Tool, type ToolEvent } from "./tool";

export class HexsideTool implements Tool {
  readonly id = "hexside";
  readonly key = "S";
  readonly name = "Hexside";
  readonly help = "click an edge to toggle the feature, drag along edges";
  readonly cursor = "crosshair";
  readonly everyMove = true;
  /** Whether the drag sets the feature (true) or clears it, from the first side pressed. */
  private on = true;
  private lastSide = "";

  options(p: Painter, box: HTMLElement): void {
    const m = p.model!;
    for (const h of m.palette.hexsides) {
      const b = swatchButton(`hexside-${h.key}`, h.name, h.color, p.state.hexside === h.key);
      b.addEventListener("click", () => { p.state.hexside = h.key; p.refreshOptions(); });
      box.append(b);
    }
    box.append(el("span", { className: "hint" }, `(${m.palette.reference} hexside features)`));
  }

  down(p: Painter, e: ToolEvent): boolean {
    const side = p.model!.grid.sideAt(...e.world);
    if (!side) return false;
    const has = p.model!.hexsides.get(`${side[0]}:${side[1]}`)?.features.includes(p.state.hexside) ?? false;
    this.on = !has;
    this.lastSide = "";
    p.send(() => p.api.beginStroke());
    this.edit(p, side);
    return true;
  }

  move(p: Painter, e: ToolEvent): void {
    const side = p.model!.grid.sideAt(...e.world);
    if (side) this.edit(p, side);
  }

  up(p: Painter): void {
    p.send(() => p.api.endStroke(), (d) => p.applyDelta(d));
  }

  hover(p: Painter, e: ToolEvent) {
    return { side: p.model!.grid.sideAt(...e.world) };
  }

  private edit(p: Painter, side: [number, number]): void {
    const key = `${side[0]}:${side[1]}`;
    if (key === this.lastSide) return;
    this.lastSide = key;
    const edit = { op: "hexside" as const, a: side[0], b: side[1], feature: p.state.hexside, on: this.on };
    p.send(() => p.api.edit(edit, true), (d) => p.applyDelta(d), true);
  }
}

export class RouteTool implements Tool {
  readonly id = "route";
  readonly key = "R";
  readonly name = "Route";
  readonly help = "roads, tracks, railroads (the kinds of the map's rules): drag from hex to hex; Shift+click deletes the routes through a hex";
  readonly cursor = "crosshair";

  options(p: Painter, box: HTMLElement): void {
    for (const r of p.model!.palette.routes) {
      const b = el("button", { id: `route-${r.key}` }, r.name);
      b.classList.toggle("active", p.state.route === r.key);
      b.addEventListener("click", () => { p.state.route = r.key; p.refreshOptions(); });
      box.append(b);
    }
  }

  down(p: Painter, e: ToolEvent): boolean {
    if (e.shift) {
      if (e.hex >= 0) p.send(() => p.api.edit({ op: "delete_routes_at", hex: e.hex }, false), (d) => p.applyDelta(d));
      return false;
    }
    if (e.hex >= 0) p.cursor.path = [e.hex];
    p.view.requestDraw();
    return true;
  }

  /** The path follows the pointer; stepping back onto the hex before takes the last step back. */
  move(p: Painter, e: ToolEvent): void {
    const path = p.cursor.path;
    if (path.length === 0) { p.cursor.path = [e.hex]; p.view.requestDraw(); return; }
    for (const s of between(p, path[path.length - 1], e.hex)) {
      if (path.length >= 2 && path[path.length - 2] === s) path.pop();
      else if (path[path.length - 1] !== s) path.push(s);
    }
    p.view.requestDraw();
  }

  up(p: Painter): void {
    const path = p.cursor.path;
    p.cursor.path = [];
    p.view.requestDraw();
    if (path.length >= 2) p.send(() => p.api.edit({ op: "route", kind: p.state.route, hexes: path }, false), (d) => p.applyDelta(d));
  }
}

export class ExitTool implements Tool {
  readonly id = "exit";
  readonly key = "T";
  readonly name = "Exit";
  readonly help = "click a hex on the map's edge: the named road leaves the map there (the name of the road through it unless one is typed); Shift+click deletes";
  readonly cursor = "crosshair";

  options(p: Painter, box: HTMLElement): void {
    const name = el("input", { value: p.state.exitName, id: "exit-name", placeholder: "South Road", title: "the exit's name (empty: the name of the road through the hex)" });
    name.addEventListener("input", () => { p.state.exitName = name.value; });
    box.append("name", name, el("span", { className: "hint" }, "click a hex on the map's edge"));
  }

  down(p: Painter, e: ToolEvent): boolean {
    const m = p.model!;
    const h = e.hex;
    if (h < 0) return false;
    if (e.shift) {
      p.send(() => p.api.edit({ op: "exit_delete", hex: h }, false), (d) => p.applyDelta(d));
      return false;
    }
    const edge = edgesAt(p, h, ...e.world)[0];
    if (!edge) { p.message(`${m.grid.name(h)} is not on the map's edge: an exit is a hex on the edge a road leaves by`, true); return false; }
    const name = p.state.exitName.trim() || m.routes.find((rt) => rt.name && rt.hexes.includes(h))?.name || "";
    if (!name) {
      p.message("type the exit's name (or draw a named road through the hex first)", true);
      document.getElementById("exit-name")?.focus();
      return false;
    }
    p.send(() => p.api.edit({ op: "exit_set", name, hex: h, edge }, false), (d) => {
      p.applyDelta(d);
      p.message(`exit ${name}: ${m.grid.name(h)}, ${edge} edge`);
    });
    return false;
  }
}

/** The map edges hex i is on (as the core's Grid::edge_hexes), the one whose side of the hex is
 * nearest the world point (x, y) first. */
type Edge = "north" | "east" | "south" | "west";

function edgesAt(p: Painter, i: number, x: number, y: number): Edge[] {
  const g = p.model!.grid;
  const c = g.col(i), r = g.row(i);
  // The hex's own extent (a shoved hex on the edge row sits half a hex in from the map's).
  const [ax, ay] = g.spec.orientation === "flat" ? [1, Math.sqrt(3) / 2] : [Math.sqrt(3) / 2, 1];
  const edges: [Edge, number][] = [];
  if (r === 0) edges.push(["north", y - (g.cy[i] - ay)]);
  if (r === g.spec.rows - 1) edges.push(["south", g.cy[i] + ay - y]);
  if (c === 0) edges.push(["west", x - (g.cx[i] - ax)]);
  if (c === g.spec.columns - 1) edges.push(["east", g.cx[i] + ax - x]);
  return edges.sort((a, b) => a[1] - b[1]).map(([e]) => e);
}

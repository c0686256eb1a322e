// The view's copy of the map being edited: what the shell sent (MapView) kept up to date with
// each Delta. The core owns the map; this copy only draws it.

import type {
  Delta, ExitDto, FeatureDto, HexsideDto, MapView, Palette, ProblemDto, RouteDto, ScaleDto,
  StatusDto, UnderlayDto,
} from "../ipc/commands";
import { HexGrid, sideKey, SQRT3 } from "../map/geometry";

export class MapModel {
  grid: HexGrid;
  palette: Palette;
  name: string;
  description: string;
  id: string;
  rulesetName: string;
  /** What one hex stands for, and the rule system's own scale in words. */
  scale: ScaleDto;
  rulesetScale: string;
  terrain: Uint16Array;
  elevation: Uint8Array;
  hexsides = new Map<string, HexsideDto>();
  routes: RouteDto[];
  features: FeatureDto[];
  exits: ExitDto[];
  underlay: UnderlayDto | null;
  status: StatusDto;
  problems: ProblemDto[];
  /** Hex indexes named by problems, for marking them on the map. */
  problemHexes = new Set<number>();
  /** Bumped when hexsides, routes, features or the underlay change (not for cells). */
  version = 0;
  /** The hex across side k of hex i at [i * 6 + k], -1 off the map; side k runs from corner k
   * to corner k + 1, clockwise on screen from the east corner (flat) or east-south-east one
   * (pointy), as the core's `Layout::neighbours` numbers them. */
  readonly neighbours: Int32Array;
  /** The unit vector (x, y; y down) from a hex's centre toward the hex across side k, at
   * [k * 2]. */
  readonly sideDirs: Float64Array;

  constructor(v: MapView) {
    this.grid = new HexGrid(v.grid);
    this.palette = v.palette;
    this.name = v.name;
    this.description = v.description;
    this.id = v.id;
    this.rulesetName = v.ruleset_name;
    this.scale = v.scale;
    this.rulesetScale = v.ruleset_scale;
    this.terrain = Uint16Array.from(v.terrain);
    this.elevation = Uint8Array.from(v.elevation);
    for (const s of v.hexsides) this.hexsides.set(sideKey(s.a, s.b), s);
    this.routes = v.routes;
    this.features = v.features;
    this.exits = v.exits;
    this.underlay = v.underlay;
    this.status = v.status;
    this.problems = v.problems;
    this.indexProblems();
    const g = this.grid;
    const corner0 = g.spec.orientation === "flat" ? 0 : 30;
    this.sideDirs = new Float64Array(12);
    for (let k = 0; k < 6; k++) {
      const a = ((corner0 + 30 + 60 * k) * Math.PI) / 180;
      this.sideDirs[k * 2] = Math.cos(a);
      this.sideDirs[k * 2 + 1] = Math.sin(a);
    }
    this.neighbours = new Int32Array(g.len * 6).fill(-1);
    for (let i = 0; i < g.len; i++) {
      for (const n of g.neighbors(i)) {
        const angle = (Math.atan2(g.cy[n] - g.cy[i], g.cx[n] - g.cx[i]) * 180) / Math.PI;
        const k = (((Math.round((angle - corner0 - 30) / 60)) % 6) + 6) % 6;
        this.neighbours[i * 6 + k] = n;
      }
    }
  }

  private indexProblems(): void {
    this.problemHexes.clear();
    for (const p of this.problems) {
      if (p.hex) {
        const i = this.grid.parse(p.hex);
        if (i >= 0) this.problemHexes.add(i);
      }
    }
    // A feature without hexes or a broken road has no hex of its own: mark what it has.
  }

  terrainKey(i: number): string {
    return this.palette.terrain[this.terrain[i]]?.key ?? "?";
  }

  terrainIndex(key: string): number {
    return this.palette.terrain.findIndex((t) => t.key === key);
  }

  featuresAt(i: number): FeatureDto[] {
    return this.features.filter((f) => f.hexes.includes(i));
  }

  /** World rectangle around some hexes, with a margin (in hex radii). */
  bounds(hexes: Iterable<number>, margin = 1.2): Region | null {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const h of hexes) {
      x0 = Math.min(x0, this.grid.cx[h]); y0 = Math.min(y0, this.grid.cy[h]);
      x1 = Math.max(x1, this.grid.cx[h]); y1 = Math.max(y1, this.grid.cy[h]);
    }
    return x0 === Infinity ? null : [x0 - margin, y0 - margin, x1 + margin, y1 + margin];
  }

  /** The world rectangle to redraw when these hexes change: theirs and their neighbours' (a
   * hex's fill is hill-shaded from its neighbours' levels; its edges face theirs). */
  cellBounds(cells: Iterable<number>): Region | null {
    return this.bounds(cells, 1.2 + SQRT3);
  }

  /** Apply a delta; returns the changed hexes and the world regions to redraw. */
  apply(d: Delta): { cells: number[]; regions: Region[]; all: boolean } {
    const cells: number[] = [];
    const regions: Region[] = [];
    const add = (r: Region | null) => { if (r) regions.push(r); };
    for (const [i, t, e] of d.cells) {
      this.terrain[i] = t;
      this.elevation[i] = e;
      cells.push(i);
    }
    add(this.cellBounds(cells));
    let structural = false;
    for (const s of d.hexsides) {
      const k = sideKey(s.a, s.b);
      if (s.features.length === 0) this.hexsides.delete(k);
      else this.hexsides.set(k, s);
      add(this.bounds([s.a, s.b]));
      structural = true;
    }
    const changed = <T>(before: T[], after: T[]): T[] => {
      const a = new Set(before.map((x) => JSON.stringify(x)));
      const b = new Set(after.map((x) => JSON.stringify(x)));
      return [...before.filter((x) => !b.has(JSON.stringify(x))), ...after.filter((x) => !a.has(JSON.stringify(x)))];
    };
    if (d.routes) {
      for (const r of changed(this.routes, d.routes)) add(this.bounds(r.hexes));
      this.routes = d.routes;
      structural = true;
    }
    if (d.features) {
      // Feature labels are drawn on each frame, not in the cached tiles: nothing to redraw.
      this.features = d.features;
      structural = true;
    }
    if (d.exits) {
      // A route is drawn on to the map edge at its exit: redraw around the exits that changed.
      for (const e of changed(this.exits, d.exits)) add(this.bounds([e.hex]));
      this.exits = d.exits;
      structural = true;
    }
    let all = false;
    if (d.underlay_changed) { this.underlay = d.underlay; structural = true; all = true; }
    if (d.name !== null) this.name = d.name;
    if (d.scale) this.scale = d.scale;
    if (d.status) this.status = d.status;
    if (d.problems) { this.problems = d.problems; this.indexProblems(); structural = true; }
    if (structural) this.version++;
    return { cells, regions, all };
  }
}

/** A world rectangle: x0, y0, x1, y1 in hex radii. */
export type Region = [number, number, number, number];

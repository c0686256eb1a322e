// The view's copy of the map being edited: what the shell sent (MapView) kept up to date with
// each Delta. The core owns the map; this copy only draws it.

import type {
  Delta, ExitDto, FeatureDto, HexsideDto, MapView, Palette, ProblemDto, RouteDto, StatusDto,
  UnderlayDto,
} from "./api";
import { HexGrid, sideKey } from "./geometry";

export class MapModel {
  grid: HexGrid;
  palette: Palette;
  name: string;
  id: string;
  rulesetName: string;
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

  constructor(v: MapView) {
    this.grid = new HexGrid(v.grid);
    this.palette = v.palette;
    this.name = v.name;
    this.id = v.id;
    this.rulesetName = v.ruleset_name;
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

  /** Apply a delta; returns the changed hex indexes. */
  apply(d: Delta): number[] {
    const cells: number[] = [];
    for (const [i, t, e] of d.cells) {
      this.terrain[i] = t;
      this.elevation[i] = e;
      cells.push(i);
    }
    let structural = false;
    for (const s of d.hexsides) {
      const k = sideKey(s.a, s.b);
      if (s.features.length === 0) this.hexsides.delete(k);
      else this.hexsides.set(k, s);
      structural = true;
    }
    if (d.routes) { this.routes = d.routes; structural = true; }
    if (d.features) { this.features = d.features; structural = true; }
    if (d.underlay_changed) { this.underlay = d.underlay; structural = true; }
    if (d.name !== null) this.name = d.name;
    if (d.status) this.status = d.status;
    if (d.problems) { this.problems = d.problems; this.indexProblems(); structural = true; }
    if (structural) this.version++;
    return cells;
  }
}

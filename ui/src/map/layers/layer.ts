// One layer of the map view. The view (map/view.ts) draws a stack of layers; a view of the app
// (paint, and later play and replay) adds the layers it needs and never edits another's.
//
// A layer draws in up to three passes, each in stack order:
// - `tile`: into the cached tiles (and, zoomed far in, straight onto the canvas), in world units
//   (hex radii). What does not change from frame to frame: terrain, hexsides, roads.
// - `tileText`: into the same tiles after every layer's `tile`, in CSS pixels (text that must
//   not be scaled with the picture: hex numbers).
// - `frame`: on every frame, above the tiles, in world units or CSS pixels as the layer chooses
//   (labels, problems, a tool's cursor, later units and arrows).
// A layer whose `tile` or `tileText` drawing changes must have the view's tiles invalidated
// (MapCanvas.invalidate / invalidateAll); a `frame` layer only asks for a frame (requestDraw).

import type { MapModel } from "../../store/map";
import type { Camera } from "../camera";
import type { HexGrid } from "../geometry";

export interface TileScene {
  model: MapModel;
  grid: HexGrid;
  /** The hexes reaching into the area drawn. */
  cells: number[];
  /** The same hexes as a set: hexsides and routes touching one of them are drawn. */
  visible: Set<number>;
  /** Device pixels per world unit. */
  pxPerUnit: number;
}

export interface TextScene {
  model: MapModel;
  grid: HexGrid;
  /** The hexes reaching into the area drawn. */
  cells: number[];
  /** CSS pixels per hex radius. */
  scale: number;
  /** World to the context's CSS pixels. */
  at(wx: number, wy: number): [number, number];
}

export interface FrameScene {
  model: MapModel;
  grid: HexGrid;
  camera: Camera;
  /** Set the context's transform to world units. */
  world(): void;
  /** Set the context's transform to CSS pixels. */
  screen(): void;
}

export interface Layer {
  readonly id: string;
  /** Its name in a Layers panel; a layer without one is not listed there (a tool's cursor). */
  readonly label?: string;
  visible: boolean;
  /** A map was opened: prepare what drawing it needs (colours, neighbour tables). */
  attach?(model: MapModel): void;
  tile?(ctx: CanvasRenderingContext2D, s: TileScene): void;
  tileText?(ctx: CanvasRenderingContext2D, s: TextScene): void;
  frame?(ctx: CanvasRenderingContext2D, s: FrameScene): void;
}

/** Add hex i's outline (radius r, in world units) to a path. */
export function hexPath(path: Path2D, g: HexGrid, i: number, r: number): void {
  const x = g.cx[i], y = g.cy[i];
  if (g.spec.orientation === "flat") {
    const h = (r * Math.sqrt(3)) / 2;
    path.moveTo(x + r, y);
    path.lineTo(x + r / 2, y + h);
    path.lineTo(x - r / 2, y + h);
    path.lineTo(x - r, y);
    path.lineTo(x - r / 2, y - h);
    path.lineTo(x + r / 2, y - h);
  } else {
    const w = (r * Math.sqrt(3)) / 2;
    path.moveTo(x + w, y + r / 2);
    path.lineTo(x, y + r);
    path.lineTo(x - w, y + r / 2);
    path.lineTo(x - w, y - r / 2);
    path.lineTo(x, y - r);
    path.lineTo(x + w, y - r / 2);
  }
  path.closePath();
}

export function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return [204, 204, 204];
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function css([r, g, b]: [number, number, number], k = 1, a = 1): string {
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v * k)));
  return a === 1 ? `rgb(${f(r)},${f(g)},${f(b)})` : `rgba(${f(r)},${f(g)},${f(b)},${a})`;
}

// A painter tool. The painter (painter.ts) turns pointer events on the map into calls of the
// current tool; panning (right or middle drag, Space+drag, the pan tool) is the painter's own.

import { el } from "../../../dom";
import type { Painter } from "../painter";

export { el };

export type ToolId =
  | "brush" | "fill" | "elevation" | "hexside" | "route" | "feature" | "exit" | "eraser" | "eyedropper" | "pan";

/** A pointer event on the map, in the map's terms. */
export interface ToolEvent {
  /** The hex under the pointer, -1 off the map. */
  hex: number;
  /** The world point under the pointer (hex radii). */
  world: [number, number];
  shift: boolean;
  alt: boolean;
}

export interface Tool {
  readonly id: ToolId;
  /** Its key on the keyboard (also shown on its button). */
  readonly key: string;
  readonly name: string;
  /** One line for the status bar and the help panel. */
  readonly help: string;
  /** The CSS cursor over the map. */
  readonly cursor?: string;
  /** Whether a press pans the map instead (the pan tool). */
  readonly pans?: boolean;
  /** The tool's options, in the bar over the map (`box` is empty). */
  options(p: Painter, box: HTMLElement): void;
  /** The primary button pressed: true when a drag follows (move, then up). */
  down(p: Painter, e: ToolEvent): boolean;
  /** Whether `move` is called on every pointer move of a drag (edge tools), not only when the
   * pointer enters another hex. */
  readonly everyMove?: boolean;
  /** While dragging: the pointer entered another hex (`from`: the last one, -1 if none). */
  move?(p: Painter, e: ToolEvent, from: number): void;
  /** The drag ended. */
  up?(p: Painter): void;
  /** What the cursor outlines at the pointer: the brush's hexes, a hexside. */
  hover?(p: Painter, e: ToolEvent): { brush?: number[]; side?: [number, number] | null };
  /** A key the painter's keyboard map does not take (digits: level for elevation); true if used. */
  onKey?(p: Painter, key: string): boolean;
}

export const SIZES = [1, 7, 19];

/** Buttons for the brush sizes (1, 7, 19 hexes). */
export function sizeButtons(p: Painter, box: HTMLElement): void {
  for (const n of SIZES) {
    const b = el("button", { id: `size-${n}`, title: "[ and ] change the size" }, `${n}`);
    b.classList.toggle("active", p.state.size === n);
    b.addEventListener("click", () => { p.state.size = n; p.refreshOptions(); });
    box.append(b);
  }
}

/** A button with a colour swatch, active when `on`. */
export function swatchButton(id: string, name: string, color: string, on: boolean, title?: string): HTMLButtonElement {
  const b = el("button", { id, title: title ?? name });
  const s = el("span", { className: "swatch" });
  s.style.background = color;
  b.append(s, name);
  b.classList.toggle("active", on);
  return b;
}

/** Hexes under the straight line between two hexes, b included (for fast drags). */
export function between(p: Painter, a: number, b: number): number[] {
  const g = p.model!.grid;
  const n = Math.ceil(Math.hypot(g.cx[b] - g.cx[a], g.cy[b] - g.cy[a]) / 0.5);
  const out: number[] = [];
  for (let k = 1; k <= n; k++) {
    const h = g.hexAt(g.cx[a] + ((g.cx[b] - g.cx[a]) * k) / n, g.cy[a] + ((g.cy[b] - g.cy[a]) * k) / n);
    if (h >= 0 && h !== out[out.length - 1] && h !== a) out.push(h);
  }
  return out;
}

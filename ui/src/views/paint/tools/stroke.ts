// Tools that paint hexes along a drag, a stroke being one undo step: terrain brush, eraser,
// elevation and feature. Each hex the pointer crosses (the straight hex line between two events,
// so a fast drag leaves no gaps) is one edit sent to the core.

import type { Edit } from "../../../ipc/commands";
import type { Painter } from "../painter";
import { between, el, sizeButtons, swatchButton, type Tool, type ToolEvent, type ToolId } from "./tool";

abstract class StrokeTool implements Tool {
  abstract readonly id: ToolId;
  abstract readonly key: string;
  abstract readonly name: string;
  abstract readonly help: string;
  readonly cursor = "crosshair";
  protected shift = false;

  abstract options(p: Painter, box: HTMLElement): void;
  /** The edit for hex h, or null (after a message saying why not). */
  protected abstract edit(p: Painter, h: number): Edit | null;
  /** Whether the cursor shows the brush's hexes. */
  protected sized = true;

  down(p: Painter, e: ToolEvent): boolean {
    this.shift = e.shift;
    p.send(() => p.api.beginStroke());
    p.beginTiming();
    if (e.hex >= 0) this.dab(p, e.hex);
    return true;
  }

  move(p: Painter, e: ToolEvent, from: number): void {
    if (e.hex < 0) return;
    if (from < 0) { this.dab(p, e.hex); return; }
    for (const s of between(p, from, e.hex)) this.dab(p, s);
  }

  up(p: Painter): void {
    p.send(() => p.api.endStroke(), (d) => p.applyDelta(d));
  }

  hover(p: Painter, e: ToolEvent) {
    return { brush: this.sized && e.hex >= 0 ? p.model!.grid.within(e.hex, p.brushRadius()) : [] };
  }

  private dab(p: Painter, h: number): void {
    const edit = this.edit(p, h);
    if (!edit) return;
    p.send(() => p.api.edit(edit, true), (d) => {
      p.applyDelta(d);
      p.strokeConfirmed(this.id);
    }, true);
  }
}

export class BrushTool extends StrokeTool {
  readonly id = "brush";
  readonly key = "B";
  readonly name = "Terrain brush";
  readonly help = "paint terrain; [ and ] change the size (1, 7, 19 hexes); Alt+click picks the terrain under the cursor";

  options(p: Painter, box: HTMLElement): void {
    terrainButtons(p, box);
    sizeButtons(p, box);
  }

  down(p: Painter, e: ToolEvent): boolean {
    // Alt+click: the eyedropper, staying with the brush.
    if (e.alt) { p.pick(e.hex, false); return false; }
    return super.down(p, e);
  }

  protected edit(p: Painter, h: number): Edit {
    p.paintLocally(h, false);
    return { op: "paint", hex: h, size: p.state.size, terrain: p.state.terrain };
  }
}

export class EraserTool extends StrokeTool {
  readonly id = "eraser";
  readonly key = "X";
  readonly name = "Eraser";
  readonly help = "clear hexes: terrain, level, hexsides, roads, features";

  options(p: Painter, box: HTMLElement): void {
    sizeButtons(p, box);
  }

  protected edit(p: Painter, h: number): Edit {
    p.paintLocally(h, true);
    return { op: "erase", hex: h, size: p.state.size };
  }
}

export class ElevationTool extends StrokeTool {
  readonly id = "elevation";
  readonly key = "E";
  readonly name = "Elevation";
  readonly help = "raise (Shift: lower) or set the level; [ and ] change the size";

  options(p: Painter, box: HTMLElement): void {
    const s = p.state;
    for (const mode of ["raise", "lower", "set"] as const) {
      const b = el("button", { id: `elev-${mode}` }, mode);
      b.classList.toggle("active", s.elevation === mode);
      b.addEventListener("click", () => { s.elevation = mode; p.refreshOptions(); });
      box.append(b);
    }
    const level = el("input", { type: "number", min: "0", max: "9", value: String(s.level), id: "elev-level", title: "level for set (0-9)" });
    level.addEventListener("change", () => { s.level = Math.max(0, Math.min(9, Number(level.value) | 0)); });
    box.append("level", level);
    sizeButtons(p, box);
  }

  protected edit(p: Painter, h: number): Edit {
    let change = p.state.elevation;
    if (this.shift && change !== "set") change = change === "raise" ? "lower" : "raise";
    return { op: "elevation", hex: h, size: p.state.size, change, level: p.state.level };
  }

  /** Digits set the level. */
  onKey(p: Painter, key: string): boolean {
    if (!/^[1-9]$/.test(key)) return false;
    p.state.level = Number(key);
    p.state.elevation = "set";
    p.refreshOptions();
    return true;
  }
}

export class FeatureTool extends StrokeTool {
  readonly id = "feature";
  readonly key = "F";
  readonly name = "Feature";
  readonly help = "paint the selected feature's hexes; Shift removes";
  protected sized = false;

  options(p: Painter, box: HTMLElement): void {
    box.append(p.state.feature ? `painting ${p.state.feature}` : "create or pick a feature in the Features panel");
  }

  protected edit(p: Painter, h: number): Edit | null {
    const code = p.state.feature;
    if (!code) { p.message("create or pick a feature in the Features panel first", true); return null; }
    return { op: "feature_hex", code, hex: h, on: !this.shift };
  }
}

/** The terrain buttons of the brush and the fill. */
export function terrainButtons(p: Painter, box: HTMLElement): void {
  p.model!.palette.terrain.forEach((t, k) => {
    const b = swatchButton(`terrain-${t.key}`, t.name, t.color, p.state.terrain === t.key, `${t.name} (${k + 1})`);
    b.addEventListener("click", () => { p.state.terrain = t.key; p.refreshOptions(); });
    box.append(b);
  });
}

// One-click tools: flood fill, eyedropper; and the pan tool.

import type { Painter } from "../painter";
import { terrainButtons } from "./stroke";
import type { Tool, ToolEvent } from "./tool";

export class FillTool implements Tool {
  readonly id = "fill";
  readonly key = "G";
  readonly name = "Flood fill";
  readonly help = "repaint the connected area of one terrain";
  readonly cursor = "crosshair";

  options(p: Painter, box: HTMLElement): void {
    terrainButtons(p, box);
  }

  down(p: Painter, e: ToolEvent): boolean {
    const h = e.hex;
    if (h >= 0) p.send(() => p.api.edit({ op: "fill", hex: h, terrain: p.state.terrain }, false), (d) => p.applyDelta(d));
    return false;
  }
}

export class EyedropperTool implements Tool {
  readonly id = "eyedropper";
  readonly key = "I";
  readonly name = "Eyedropper";
  readonly help = "pick the terrain and level of a hex";
  readonly cursor = "copy";

  options(): void {}

  down(p: Painter, e: ToolEvent): boolean {
    p.pick(e.hex, true);
    return false;
  }
}

export class PanTool implements Tool {
  readonly id = "pan";
  readonly key = "H";
  readonly name = "Pan";
  readonly help = "drag to move the map (also: right or middle drag, Space+drag)";
  readonly cursor = "grab";
  readonly pans = true;

  options(): void {}

  down(): boolean {
    return false;
  }
}

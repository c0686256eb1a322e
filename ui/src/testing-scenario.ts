// The end-to-end tests' hooks of the scenario view (test builds only, as testing.ts): where a hex
// is on its canvas, the scenario as shown, and the map view's state while it is the view shown.

import { scenario } from "./ipc/scenario";
import type { ScenarioEditor } from "./views/scenario/scenario-editor";
import { scenarioState } from "./views/scenario/scenario-state.svelte";

export function installScenarioHooks(editor: ScenarioEditor): void {
  const k = window.kepi as Record<string, unknown>;
  const shown = k.view as () => unknown;
  const v = editor.view;
  k.view = () => document.body.dataset.view === "scenario"
    ? { scale: v.scale, tiles: v.tileStats, frames: v.drawTimes.length, complete: v.complete }
    : shown();
  k.scenario = {
    hexPoint(name: string): { x: number; y: number } | null {
      const g = editor.model?.grid;
      const i = g ? g.parse(name) : -1;
      if (!g || i < 0) return null;
      const r = editor.canvas.getBoundingClientRect();
      const [x, y] = v.toScreen(g.cx[i], g.cy[i]);
      return { x: r.left + x, y: r.top + y };
    },
    centerOn(hex: string): void {
      const g = editor.model?.grid;
      const i = g ? g.parse(hex) : -1;
      if (!g || i < 0) return;
      const r = editor.canvas.getBoundingClientRect();
      const [sx, sy] = v.toScreen(g.cx[i], g.cy[i]);
      v.panBy(r.width / 2 - sx, r.height / 2 - sy);
    },
    zoomTo(pxPerRadius: number): void { v.zoomAt(pxPerRadius / v.scale); },
    view: () => scenarioState.view,
    zone: () => scenarioState.zone,
    /** The shell's scenario commands, called directly (to compare the window with the core). */
    api: scenario,
  };
}

// The scenario view's keyboard map (listed in the help panel).

import type { ScenarioEditor } from "./scenario-editor";
import { scenarioState as s } from "./scenario-state.svelte";

export function scenarioShortcuts(): [string, string][] {
  return [
    ["Ctrl+S / Ctrl+Shift+S", "in the scenario view: save / save as"],
    ["Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y", "in the scenario view: undo / redo (a brush stroke is one step)"],
    ["B / X / H", "in the scenario view: paint / erase the chosen zone / pan"],
    ["1 / 2 / 3", "in the scenario view: zone brush of 1, 7 or 19 hexes"],
    ["Enter / Esc", "in the scenario view: keep / drop the hexes being picked; Esc also lets go of the zone"],
  ];
}

export function scenarioKey(editor: ScenarioEditor, ev: KeyboardEvent): void {
  const k = ev.key.toLowerCase();
  if (ev.ctrlKey || ev.metaKey) {
    if (k === "z" && !ev.shiftKey) { ev.preventDefault(); editor.undo(); }
    else if ((k === "z" && ev.shiftKey) || k === "y") { ev.preventDefault(); editor.redo(); }
    else if (k === "s" && ev.shiftKey) { ev.preventDefault(); editor.saveAs(); }
    else if (k === "s") { ev.preventDefault(); editor.save(); }
    return;
  }
  if (ev.altKey) return;
  if (ev.key === "Enter" && s.pick) { ev.preventDefault(); editor.finishPick(true); }
  else if (ev.key === "Escape") {
    if (s.pick) editor.finishPick(false);
    else editor.selectZone(null);
  }
  else if (k === "b") s.tool = "paint";
  else if (k === "x") s.tool = "erase";
  else if (k === "h") s.tool = "pan";
  else if (k === "1") s.brush = 1;
  else if (k === "2") s.brush = 7;
  else if (k === "3") s.brush = 19;
}

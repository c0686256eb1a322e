// The painter's keyboard map: tool keys, sizes, terrain and level digits, pan and zoom. The
// app's own keys (Ctrl+N, Ctrl+O, ?, Esc) are in main.ts.

import type { Painter } from "./painter";
import { SIZES } from "./tools";

/** [keys, what they do] for the help panel. */
export function paintShortcuts(p: Painter): [string, string][] {
  return [
    ...p.tools.map((t): [string, string] => [t.key, `${t.name}: ${t.help}`]),
    ["1 … 9", "choose the terrain (brush and fill) or the level (elevation)"],
    ["[  ]", "brush size 1, 7, 19 hexes"],
    ["Ctrl+Z", "undo"],
    ["Ctrl+Shift+Z, Ctrl+Y", "redo"],
    ["Ctrl+S / Ctrl+Shift+S", "save / save as"],
    ["Ctrl+E", "export a PNG picture (the same as kepi render)"],
    ["Arrows", "pan"],
    ["+  −, wheel", "zoom"],
    ["0", "fit the map to the window"],
  ];
}

/** Handle a key pressed in the painter (not in a text field); true if it was used. */
export function paintKey(p: Painter, ev: KeyboardEvent): boolean {
  const k = ev.key;
  const ctrl = ev.ctrlKey || ev.metaKey;
  if (ctrl) {
    const lower = k.toLowerCase();
    const action =
      lower === "z" && ev.shiftKey ? p.commands.redo
      : lower === "z" ? p.commands.undo
      : lower === "y" ? p.commands.redo
      : lower === "s" && ev.shiftKey ? p.commands.saveAs
      : lower === "s" ? p.commands.save
      : lower === "e" ? p.commands.exportPng
      : null;
    if (!action) return false;
    ev.preventDefault();
    action();
    return true;
  }
  const model = p.model;
  if (!model) return false;
  const view = p.view;
  const step = 80;
  const size = (d: number) => {
    p.state.size = SIZES[Math.max(0, Math.min(SIZES.length - 1, SIZES.indexOf(p.state.size) + d))];
    p.refreshOptions();
  };
  switch (k) {
    case "ArrowLeft": view.panBy(step, 0); ev.preventDefault(); return true;
    case "ArrowRight": view.panBy(-step, 0); ev.preventDefault(); return true;
    case "ArrowUp": view.panBy(0, step); ev.preventDefault(); return true;
    case "ArrowDown": view.panBy(0, -step); ev.preventDefault(); return true;
    case "+": case "=": view.zoomAt(1.25); p.showZoom(); return true;
    case "-": case "_": view.zoomAt(0.8); p.showZoom(); return true;
    case "0": view.fit(); p.showZoom(); return true;
    case "[": size(-1); return true;
    case "]": size(1); return true;
    case " ": p.space = true; ev.preventDefault(); return true;
    case "Escape": p.cursor.path = []; view.requestDraw(); return true;
  }
  if (p.tool.onKey?.(p, k)) return true;
  if (/^[1-9]$/.test(k)) {
    const t = model.palette.terrain[Number(k) - 1];
    if (t) p.state.terrain = t.key;
    p.refreshOptions();
    return true;
  }
  const tool = p.tools.find((t) => t.key.toLowerCase() === k.toLowerCase());
  if (tool) { p.setTool(tool.id); return true; }
  return false;
}

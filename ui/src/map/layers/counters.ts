// Counters: the units of a position (the core's Board) drawn as counters on every frame, for
// the play and replay views. A counter is a square in its side's colour with the unit-type
// symbol, the type code above it and the printed values below; a stack is drawn offset, its
// top unit last, with the number of units in a corner; markers are small tags on the counter
// (D disrupted, L limbered, C charging, R road mode, d dismounted) and hex markers a band under
// the stack (trench, improved position). Text is drawn only when it is large enough to read.
// (A unit's facing is not drawn on its counter yet: a notch broke the partial redraw's
// pixel-for-pixel check, ui/tests/ui.test.mjs; the turn arrows of marks.ts show the bearings.)

import type { Board, Counter } from "../../ipc/play";
import type { HexGrid } from "../geometry";
import type { MapModel, Region } from "../../store/map";
import { css, rgb, type FrameScene, type Layer } from "./layer";

/** Counter side in hex radii. */
const SIZE = 1.05;
/** Offset of each unit under the top one, in hex radii. */
const STEP = 0.09;
/** Below this many CSS pixels per radius, counters are drawn without text. */
const TEXT_MIN = 16;

const MARKERS: Record<string, [string, string]> = {
  disrupted: ["D", "#c62828"],
  limbered: ["L", "#5d4037"],
  charging: ["C", "#e65100"],
  road_mode: ["R", "#455a64"],
  dismounted: ["d", "#33691e"],
  fired: ["F", "#6a1b9a"],
  shocked: ["S", "#6a1b9a"],
};

const HEX_MARKERS: Record<string, [string, string]> = {
  trench: ["Trench", "#6d4c41"],
  improved_position: ["Impr. pos.", "#8d6e63"],
  work: ["Work", "#a1887f"],
};

/** The screen direction of a bearing (degrees clockwise from north; y grows downwards). */
export function bearingVector(degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [Math.sin(a), -Math.cos(a)];
}

/** The units of each hex, bottom to top. */
export function stacks(board: Board): Map<string, Counter[]> {
  const out = new Map<string, Counter[]>();
  for (const c of board.counters) {
    if (c.place !== "map" || !c.hex) continue;
    const s = out.get(c.hex);
    if (s) s.push(c); else out.set(c.hex, [c]);
  }
  for (const s of out.values()) s.sort((a, b) => a.order - b.order);
  return out;
}

/** The unit-type symbol inside a box of width w and height h centred at (x, y). */
export function drawSymbol(ctx: CanvasRenderingContext2D, symbol: string, x: number, y: number, w: number, h: number, lw: number): void {
  const x0 = x - w / 2, y0 = y - h / 2;
  ctx.lineWidth = lw;
  ctx.strokeStyle = "#111";
  ctx.fillStyle = "#111";
  ctx.strokeRect(x0, y0, w, h);
  ctx.beginPath();
  switch (symbol) {
    case "infantry": // NATO: crossed diagonals
      ctx.moveTo(x0, y0); ctx.lineTo(x0 + w, y0 + h);
      ctx.moveTo(x0 + w, y0); ctx.lineTo(x0, y0 + h);
      ctx.stroke();
      break;
    case "cavalry": // one diagonal
      ctx.moveTo(x0, y0 + h); ctx.lineTo(x0 + w, y0);
      ctx.stroke();
      break;
    case "mounted_rifles": // diagonal and the infantry's other
      ctx.moveTo(x0, y0 + h); ctx.lineTo(x0 + w, y0);
      ctx.moveTo(x0, y0); ctx.lineTo(x0 + w / 2, y0 + h / 2);
      ctx.stroke();
      break;
    case "artillery":
    case "horse_artillery": // a dot; horse artillery with the cavalry's diagonal
      ctx.arc(x, y, h * 0.2, 0, Math.PI * 2);
      ctx.fill();
      if (symbol === "horse_artillery") {
        ctx.beginPath();
        ctx.moveTo(x0, y0 + h); ctx.lineTo(x0 + w, y0);
        ctx.stroke();
      }
      break;
    case "machine_gun": // a dot and two lines
      ctx.arc(x, y, h * 0.15, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x0 + w * 0.15, y0 + h * 0.2); ctx.lineTo(x0 + w * 0.15, y0 + h * 0.8);
      ctx.moveTo(x0 + w * 0.85, y0 + h * 0.2); ctx.lineTo(x0 + w * 0.85, y0 + h * 0.8);
      ctx.stroke();
      break;
    default: // no fighting arm: an empty box with a bar
      ctx.moveTo(x0, y); ctx.lineTo(x0 + w, y);
      ctx.stroke();
  }
}

export class CountersLayer implements Layer {
  readonly id = "counters";
  readonly label = "Units";
  visible = true;
  board: Board | null = null;
  /** The sides' colours ("#rrggbb"), by side index. */
  colors: string[] = [];
  /** The selected unit, drawn with a ring. */
  selected: string | null = null;
  /** A stack shown spread out (its hex), after a click on it. */
  spread: string | null = null;
  private cache: Map<string, Counter[]> = new Map();
  /** What is drawn at each hex (its stack and markers, as text): a hex whose text is unchanged
   * by a new board is drawn the same. */
  private drawn: Map<string, string> = new Map();
  /** The map's grid (attached with the map), to place the hexes that changed. */
  private grid: HexGrid | null = null;

  /** Show a board. Returns the world regions where the drawing changed (the hexes whose stack
   * or markers differ, each with room for its stack as drawn before and after), or null when
   * the whole layer changed (the first board, or other colours). */
  setBoard(board: Board | null, colors: string[]): Region[] | null {
    const same = this.board !== null && board !== null && colors.length === this.colors.length && colors.every((c, k) => c === this.colors[k]);
    this.board = board;
    this.colors = colors;
    const before = this.cache, drawnBefore = this.drawn;
    this.cache = board ? stacks(board) : new Map();
    this.drawn = new Map();
    for (const [hex, units] of this.cache) this.drawn.set(hex, JSON.stringify(units));
    // A hex's markers after its units' JSON: "|" cannot end a JSON array.
    for (const m of board?.hex_markers ?? []) this.drawn.set(m.hex, `${this.drawn.get(m.hex) ?? ""}|${m.marker}`);
    const g = this.grid;
    if (!same || !g) return null;
    const changed = new Set<string>();
    for (const [hex, text] of this.drawn) if (drawnBefore.get(hex) !== text) changed.add(hex);
    for (const hex of drawnBefore.keys()) if (!this.drawn.has(hex)) changed.add(hex);
    const regions: Region[] = [];
    for (const hex of changed) {
      // A hex the grid does not know is not drawn (see `frame`).
      const i = g.parse(hex);
      if (i < 0) continue;
      // Room for the stack drawn before and the one drawn now, spread or offset, and for the
      // marker band under the hex (within one radius).
      const n = Math.max(before.get(hex)?.length ?? 0, this.cache.get(hex)?.length ?? 0);
      const r = Math.max(1, this.spread === hex && n > 1 ? (n * SIZE * 1.08) / 2 + 0.1 : SIZE / 2 + Math.max(0, n - 1) * STEP + 0.1);
      regions.push([g.cx[i] - r, g.cy[i] - r, g.cx[i] + r, g.cy[i] + r]);
    }
    return regions;
  }

  attach(model: MapModel): void {
    this.grid = model.grid;
  }

  /** The units in a hex, bottom to top. */
  at(hex: string): Counter[] {
    return this.cache.get(hex) ?? [];
  }

  /** Where the k-th unit of a stack of n is drawn, from the hex centre (world units). */
  offset(k: number, n: number, spread: boolean): [number, number] {
    if (spread && n > 1) {
      const w = SIZE * 1.08;
      return [(k - (n - 1) / 2) * w, -SIZE * 0.25];
    }
    const d = (k - (n - 1)) * STEP;
    return [d, d];
  }

  frame(ctx: CanvasRenderingContext2D, s: FrameScene): void {
    if (!this.board) return;
    const g = s.grid, scale = s.camera.scale;
    s.world();
    const text = scale >= TEXT_MIN;
    for (const m of this.board.hex_markers) {
      const i = g.parse(m.hex);
      if (i < 0) continue;
      const [word, color] = HEX_MARKERS[m.marker] ?? [m.marker, "#795548"];
      const x = g.cx[i], y = g.cy[i] + 0.62;
      ctx.fillStyle = color;
      ctx.fillRect(x - 0.62, y - 0.14, 1.24, 0.28);
      if (text) {
        ctx.fillStyle = "#fff";
        ctx.font = `bold 0.2px "DejaVu Sans", sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(word, x, y + 0.01);
      }
    }
    for (const [hex, units] of this.cache) {
      const i = g.parse(hex);
      if (i < 0) continue;
      const spread = this.spread === hex;
      units.forEach((c, k) => {
        const [dx, dy] = this.offset(k, units.length, spread);
        this.drawCounter(ctx, c, g.cx[i] + dx, g.cy[i] + dy, scale, text,
          k === units.length - 1 && !spread ? units.length : 1);
      });
    }
  }

  drawCounter(ctx: CanvasRenderingContext2D, c: Counter, x: number, y: number, scale: number, text: boolean, count: number): void {
    const h = SIZE / 2, px = 1 / scale;
    const fill = rgb(this.colors[c.side] ?? "#cccccc");
    ctx.fillStyle = css(fill);
    ctx.fillRect(x - h, y - h, SIZE, SIZE);
    ctx.lineWidth = Math.max(px, 0.03);
    ctx.strokeStyle = "#222";
    ctx.strokeRect(x - h, y - h, SIZE, SIZE);
    if (c.markers.includes("disrupted")) {
      // A disrupted unit is shown as on the back of its counter: a diagonal band.
      ctx.fillStyle = "rgba(198,40,40,0.35)";
      ctx.beginPath();
      ctx.moveTo(x - h, y + h * 0.2); ctx.lineTo(x - h * 0.2, y + h);
      ctx.lineTo(x + h * 0.2, y + h); ctx.lineTo(x - h, y - h * 0.2);
      ctx.fill();
    }
    drawSymbol(ctx, c.symbol, x, y - SIZE * 0.03, SIZE * 0.46, SIZE * 0.28, Math.max(px, 0.035));
    if (text) {
      ctx.fillStyle = "#111";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.font = `bold ${SIZE * 0.24}px "DejaVu Sans", sans-serif`;
      ctx.fillText(c.code, x, y - SIZE * 0.33, SIZE * 0.96);
      ctx.font = `bold ${SIZE * 0.27}px "DejaVu Sans", sans-serif`;
      ctx.fillText(c.values, x, y + SIZE * 0.32, SIZE * 0.96);
      let mx = x + h - SIZE * 0.11;
      for (const m of c.markers) {
        const tag = MARKERS[m];
        if (!tag) continue;
        ctx.fillStyle = tag[1];
        ctx.fillRect(mx - SIZE * 0.1, y - h, SIZE * 0.2, SIZE * 0.2);
        ctx.fillStyle = "#fff";
        ctx.font = `bold ${SIZE * 0.16}px "DejaVu Sans", sans-serif`;
        ctx.fillText(tag[0], mx, y - h + SIZE * 0.105);
        mx -= SIZE * 0.21;
      }
      if (count > 1) {
        ctx.fillStyle = "#111";
        ctx.fillRect(x - h, y - h, SIZE * 0.24, SIZE * 0.22);
        ctx.fillStyle = "#fff";
        ctx.font = `bold ${SIZE * 0.17}px "DejaVu Sans", sans-serif`;
        ctx.fillText(String(count), x - h + SIZE * 0.12, y - h + SIZE * 0.115);
      }
    }
    if (this.selected === c.id) {
      ctx.strokeStyle = "#ffd600";
      ctx.lineWidth = Math.max(3 * px, 0.08);
      ctx.strokeRect(x - h - 0.04, y - h - 0.04, SIZE + 0.08, SIZE + 0.08);
    }
  }
}

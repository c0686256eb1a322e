// Counters: the units of a position (the core's Board) drawn as counters on every frame, for
// the play and replay views. A counter is a square in its side's colour with the unit-type
// symbol and what the system's counter layout prints (`Ruleset::counter_layout`: by default
// the type code above the symbol and the printed values below; a system's own values in the
// corners, some in a ring); a stack is drawn offset, its top unit last, with the number of
// units in a corner; markers are small tags on the counter and hex markers a band under the
// stack, in the words and colours of the system's own catalog of markers (`Ruleset::markers`,
// the same the VASSAL export prints: a tag shows the word's first letter; a marker the catalog
// calls the counter's back also lays a band across it); a unit that faces has a notch inside
// its counter's edge pointing where it faces, or, where the layout says so, its whole counter
// turned with its top edge to the front. Text is drawn only when it is large enough to read.

import type { Board, Counter, CounterLayout, CounterText, MarkerKind } from "../../ipc/play";
import type { HexGrid } from "../geometry";
import type { MapModel, Region } from "../../store/map";
import { css, rgb, type FrameScene, type Layer } from "./layer";

/** Counter side in hex radii. */
const SIZE = 1.05;
/** Offset of each unit under the top one, in hex radii. */
const STEP = 0.09;
/** Below this many CSS pixels per radius, counters are drawn without text. */
const TEXT_MIN = 16;

/** How a marker is drawn: the letter on its tag (the first of its printed word, lower case when
 * an earlier marker of the system took it: DISR "D", DISMT "d"), the tag's colour and the
 * letter's, and the whole word (a hex marker's band). */
interface MarkerLook { letter: string; word: string; fill: string; ink: string; back: boolean }

/** The common layout (`CounterLayout::default` in the core): code above, values below. */
export const COMMON_LAYOUT: CounterLayout = { top: { kind: "code" }, bottom: { kind: "values" }, corners: [], facing: "notch" };

/** What a place of the layout prints on `c`'s counter (`CounterText::of` in the core). */
export function counterText(t: CounterText, c: Counter): string {
  switch (t.kind) {
    case "code": return c.code;
    case "values": return c.values;
    case "property": return c.properties.find(([n]) => n === t.name)?.[1] ?? "";
    case "nothing": return "";
  }
}

/** Dark ink on a light colour, white on a dark one. */
function inkOn([r, g, b]: [number, number, number]): string {
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111" : "#fff";
}

/** Each marker of a system's catalog as drawn, by key. */
export function markerLooks(kinds: MarkerKind[]): Map<string, MarkerLook> {
  const out = new Map<string, MarkerLook>();
  const taken = new Set<string>();
  for (const k of kinds) {
    const first = (k.word.trim()[0] ?? k.key[0] ?? "?").toUpperCase();
    const letter = taken.has(first) ? first.toLowerCase() : first;
    taken.add(letter);
    const c: [number, number, number] = [k.colour[0], k.colour[1], k.colour[2]];
    out.set(k.key, { letter, word: k.word, fill: css(c), ink: inkOn(c), back: k.back });
  }
  return out;
}

/** A marker the catalog does not list: its key's first letter, on grey. */
function unknownLook(key: string): MarkerLook {
  return { letter: (key[0] ?? "?").toUpperCase(), word: key.replace(/_/g, " ").toUpperCase(), fill: "#b0b0b0", ink: "#111", back: false };
}

/** The screen direction of a bearing (degrees clockwise from north; y grows downwards). */
export function bearingVector(degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [Math.sin(a), -Math.cos(a)];
}

/** Where a unit faces: a notch inside the edge of its counter (half side `h`) at the bearing,
 * its point on the edge, in `ink` (what reads on the counter's colour), so a stack's facings
 * and a turned unit read at a glance and the counter's footprint (what a changed hex redraws)
 * stays the square's. Filled only: an outline stroked here left a few pixels different between
 * a partial redraw and the whole frame (the UI bench's check). */
export function drawFacing(ctx: CanvasRenderingContext2D, degrees: number, x: number, y: number, h: number, ink: string): void {
  const [dx, dy] = bearingVector(degrees);
  // The edge of the square along the bearing: the notch's point.
  const t = h / Math.max(Math.abs(dx), Math.abs(dy));
  const tx = x + dx * t, ty = y + dy * t;
  const w = h * 0.26, depth = h * 0.36;
  const bx = tx - dx * depth, by = ty - dy * depth;
  ctx.beginPath();
  ctx.moveTo(tx, ty);
  ctx.lineTo(bx - dy * w, by + dx * w);
  ctx.lineTo(bx + dy * w, by - dx * w);
  ctx.closePath();
  ctx.fillStyle = ink;
  ctx.fill();
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
  /** The system's markers as drawn ([`markerLooks`]), set with the game. */
  private looks: Map<string, MarkerLook> = new Map();
  /** How the system prints its counters, set with the game. */
  private layout: CounterLayout = COMMON_LAYOUT;
  /** Set when the markers or the layout change: the next board redraws the whole layer. */
  private restyled = true;
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
    const same = !this.restyled && this.board !== null && board !== null && colors.length === this.colors.length && colors.every((c, k) => c === this.colors[k]);
    this.board = board;
    this.colors = colors;
    this.restyled = false;
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
      // A turned counter reaches out to half its diagonal.
      const n = Math.max(before.get(hex)?.length ?? 0, this.cache.get(hex)?.length ?? 0);
      const half = this.layout.facing === "turned" ? SIZE * Math.SQRT1_2 : SIZE / 2;
      const r = Math.max(1, this.spread === hex && n > 1 ? (n * SIZE * 1.08) / 2 + half - SIZE / 2 + 0.1 : half + Math.max(0, n - 1) * STEP + 0.1);
      regions.push([g.cx[i] - r, g.cy[i] - r, g.cx[i] + r, g.cy[i] + r]);
    }
    return regions;
  }

  /** The markers of the game's system (its catalog, `Ruleset::markers`): how its counters'
   * and hexes' markers are drawn. Set before the game's first board. */
  setMarkers(kinds: MarkerKind[]): void {
    this.looks = markerLooks(kinds);
    this.restyled = true;
  }

  /** How the game's system prints its counters (`Ruleset::counter_layout`). Set before the
   * game's first board. */
  setLayout(layout: CounterLayout): void {
    this.layout = layout;
    this.restyled = true;
  }

  private look(key: string): MarkerLook {
    return this.looks.get(key) ?? unknownLook(key);
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
      const look = this.look(m.marker);
      const x = g.cx[i], y = g.cy[i] + 0.62;
      ctx.fillStyle = look.fill;
      ctx.fillRect(x - 0.62, y - 0.14, 1.24, 0.28);
      if (text) {
        ctx.fillStyle = look.ink;
        ctx.font = `bold 0.2px "DejaVu Sans", sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(look.word, x, y + 0.01, 1.2);
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
    const turned = this.layout.facing === "turned" && c.facing != null;
    if (turned) {
      // The counter turned to its front: drawn upright about its centre, in a turned frame.
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(((c.facing ?? 0) * Math.PI) / 180);
      this.drawFace(ctx, c, 0, 0, scale, text, count, false);
      ctx.restore();
    } else {
      this.drawFace(ctx, c, x, y, scale, text, count, true);
    }
  }

  /** A counter's face centred at (x, y), upright; `notch` draws its facing as a notch. */
  private drawFace(ctx: CanvasRenderingContext2D, c: Counter, x: number, y: number, scale: number, text: boolean, count: number, notch: boolean): void {
    const h = SIZE / 2, px = 1 / scale, layout = this.layout;
    const fill = rgb(this.colors[c.side] ?? "#cccccc");
    ctx.fillStyle = css(fill);
    ctx.fillRect(x - h, y - h, SIZE, SIZE);
    ctx.lineWidth = Math.max(px, 0.03);
    ctx.strokeStyle = "#222";
    ctx.strokeRect(x - h, y - h, SIZE, SIZE);
    if (c.markers.some((m) => this.look(m).back)) {
      // A unit on the back of its counter (the system's catalog says which markers): a band.
      ctx.fillStyle = "rgba(198,40,40,0.35)";
      ctx.beginPath();
      ctx.moveTo(x - h, y + h * 0.2); ctx.lineTo(x - h * 0.2, y + h);
      ctx.lineTo(x + h * 0.2, y + h); ctx.lineTo(x - h, y - h * 0.2);
      ctx.fill();
    }
    // A turned counter's front edge, its top, in a bar of the ink that reads on its colour.
    if (!notch && c.facing != null) {
      ctx.fillStyle = inkOn(fill);
      ctx.fillRect(x - h, y - h, SIZE, SIZE * 0.06);
    }
    drawSymbol(ctx, c.symbol, x, y - SIZE * 0.03, SIZE * 0.46, SIZE * 0.28, Math.max(px, 0.035));
    if (text) {
      ctx.fillStyle = "#111";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.font = `bold ${SIZE * 0.24}px "DejaVu Sans", sans-serif`;
      ctx.fillText(counterText(layout.top, c), x, y - SIZE * 0.33, SIZE * 0.96);
      ctx.font = `bold ${SIZE * 0.27}px "DejaVu Sans", sans-serif`;
      // Beside corner values the bottom line keeps to the middle.
      ctx.fillText(counterText(layout.bottom, c), x, y + SIZE * 0.32, layout.corners.length ? SIZE * 0.4 : SIZE * 0.96);
      for (const k of layout.corners) {
        const value = counterText(k.text, c);
        if (!value) continue;
        const left = k.corner === "top_left" || k.corner === "bottom_left";
        const top = k.corner === "top_left" || k.corner === "top_right";
        const cx = x + (left ? -1 : 1) * SIZE * 0.34, cy = y + (top ? -1 : 1) * SIZE * 0.33;
        if (k.ring) {
          ctx.beginPath();
          ctx.arc(cx, cy, SIZE * 0.13, 0, Math.PI * 2);
          ctx.strokeStyle = "#111";
          ctx.lineWidth = Math.max(px, 0.025);
          ctx.stroke();
        }
        ctx.fillStyle = "#111";
        ctx.font = `bold ${SIZE * 0.2}px "DejaVu Sans", sans-serif`;
        ctx.fillText(value, cx, cy + SIZE * 0.01, SIZE * 0.24);
      }
      let mx = x + h - SIZE * 0.11;
      for (const m of c.markers) {
        const tag = this.look(m);
        ctx.fillStyle = tag.fill;
        ctx.fillRect(mx - SIZE * 0.1, y - h, SIZE * 0.2, SIZE * 0.2);
        ctx.strokeStyle = "#222";
        ctx.lineWidth = Math.max(px, 0.015);
        ctx.strokeRect(mx - SIZE * 0.1, y - h, SIZE * 0.2, SIZE * 0.2);
        ctx.fillStyle = tag.ink;
        ctx.font = `bold ${SIZE * 0.16}px "DejaVu Sans", sans-serif`;
        ctx.fillText(tag.letter, mx, y - h + SIZE * 0.105);
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
    if (notch && c.facing != null) drawFacing(ctx, c.facing, x, y, h, inkOn(fill));
    if (this.selected === c.id) {
      ctx.strokeStyle = "#ffd600";
      ctx.lineWidth = Math.max(3 * px, 0.08);
      ctx.strokeRect(x - h - 0.04, y - h - 0.04, SIZE + 0.08, SIZE + 0.08);
    }
  }
}

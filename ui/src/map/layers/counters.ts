// Counters: the units of a position (the core's Board) drawn as counters on every frame, for
// the play and replay views. A counter is a square in its side's colour with the unit-type
// symbol and what the system's counter layout prints (`Ruleset::counter_layout`: by default
// the type code above the symbol and the printed values below; a system's own values in the
// corners, some in a ring); a stack is drawn offset, its top unit last, with the number of
// units in a corner; markers are a colour band along the top and small tags beside the box, and
// hex markers a band under the
// stack, in the words and colours of the system's own catalog of markers (`Ruleset::markers`,
// the same the VASSAL export prints: a tag shows the word's first letter; a marker the catalog
// calls the counter's back also lays a band across it); a unit that faces has a notch inside
// its counter's edge pointing where it faces, or, where the layout says so, its whole counter
// turned with its top edge to the front. Text is drawn only when it is large enough to read.
// Where each part goes (`layout.geometry`) and the unit-type symbols (`layout.symbols`, path
// data) come with the layout from the core, which draws its own counter pictures (VASSAL,
// print) from the same two: the counters here and there look alike.

import type { Board, Counter, CounterGeometry, CounterLayout, CounterText, MarkerKind } from "../../ipc/play";
import { COMMON_COUNTER_LAYOUT } from "../../ipc/generated";
import type { HexGrid } from "../geometry";
import type { MapModel, Region } from "../../store/map";
import { css, rgb, type FrameScene, type Layer } from "./layer";
import { fitText } from "../fit-text";

/** Counter side in hex radii. */
const SIZE = 1.05;
/** Offset of each unit under the top one, in hex radii. */
const STEP = 0.09;
/** How far from its hex's centre a stack of n units may draw (half a counter, the stack's
 * offsets, the selection's outline), in hex radii: stacks farther outside the view are not drawn. */
const reach = (n: number): number => SIZE / 2 + n * STEP + 0.2;
/** Below this many CSS pixels per radius, counters are drawn without text. */
const TEXT_MIN = 16;
/** `text` centred at world (x, y), `size` world units high, turned half a turn when `flip`: set
 * in CSS pixels (the world's transform scaled out), because a font a fraction of a unit high
 * is hinted at that size by some engines (WebKitGTK: "div-heth" read "dvheb" at 48 px a
 * radius) before the transform enlarges it. */
function textAt(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, size: number, scale: number, flip: boolean): void {
  ctx.save();
  ctx.translate(x, y);
  if (flip) ctx.rotate(Math.PI);
  ctx.scale(1 / scale, 1 / scale);
  ctx.font = `bold ${size * scale}px "DejaVu Sans", sans-serif`;
  ctx.fillText(text, 0, 0);
  ctx.restore();
}

/** Widths of strings in the counters' font at 100 px, measured once. */
const widths = new Map<string, number>();
function widthAt100(ctx: CanvasRenderingContext2D, s: string): number {
  let w = widths.get(s);
  if (w === undefined) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.font = `bold 100px "DejaVu Sans", sans-serif`;
    w = ctx.measureText(s).width;
    ctx.restore();
    widths.set(s, w);
  }
  return w;
}


/** How a marker is drawn: the letter on its tag (the first of its printed word, lower case when
 * an earlier marker of the system took it: DISR "D", DISMT "d"), the tag's colour and the
 * letter's, and the whole word (a hex marker's band). */
interface MarkerLook { letter: string; word: string; fill: string; ink: string; back: boolean }

/** The common layout (`CounterLayout::default` in the core): code above, values below; with
 * the core's geometry and symbols. */
export const COMMON_LAYOUT: CounterLayout = COMMON_COUNTER_LAYOUT;

/** A symbol's parts as paths: filled and stroked (null when it has none). */
interface SymbolPaths { fill: Path2D | null; stroke: Path2D | null }

/** The layout's symbols as paths, by symbol name. */
function symbolPaths(layout: CounterLayout): Map<string, SymbolPaths> {
  const out = new Map<string, SymbolPaths>();
  for (const s of layout.symbols) out.set(s.symbol, { fill: s.fill ? new Path2D(s.fill) : null, stroke: s.stroke ? new Path2D(s.stroke) : null });
  return out;
}

/** What a place of the layout prints on `c`'s counter (`CounterText::of` in the core). */
export function counterText(t: CounterText, c: Counter): string {
  switch (t.kind) {
    case "code": return c.code;
    case "values": return c.values;
    case "property": return c.properties.find(([n]) => n === t.name)?.[1] ?? "";
    case "nothing": return "";
  }
}

/** WCAG 2 relative luminance of an sRGB colour (`luminance` in the core). */
export function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The ink with the greater contrast on a colour, dark or white (`ink_on` in the core: the
 * geometry's threshold). */
function inkOn(c: [number, number, number]): string {
  return luminance(c) > COMMON_LAYOUT.geometry.ink_threshold ? "#111" : "#fff";
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

/** The unit-type box of geometry `g` and the symbol's paths in it, on a counter whose centre is
 * at the origin and whose side is 1 (the caller's transform places and scales it). */
function drawSymbol(ctx: CanvasRenderingContext2D, g: CounterGeometry, paths: SymbolPaths | undefined, lw: number): void {
  const [bx, by, bw, bh] = g.symbol_box;
  ctx.fillStyle = "#fafaf5";
  ctx.fillRect(bx - 0.5, by - 0.5, bw, bh);
  ctx.fillStyle = "#111";
  ctx.strokeStyle = "#111";
  ctx.lineWidth = lw;
  if (paths?.fill) ctx.fill(paths.fill);
  if (paths?.stroke) ctx.stroke(paths.stroke);
  ctx.strokeRect(bx - 0.5, by - 0.5, bw, bh);
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
  /** Its symbols as paths, made on the first frame after the layout is set. */
  private symbols: Map<string, SymbolPaths> | null = null;
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
    this.symbols = null;
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
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        const set = fitText(look.word, 0.2, 1.2, scale, (t) => widthAt100(ctx, t));
        if (set) textAt(ctx, set.text, x, y + 0.01, set.size, scale, false);
      }
    }
    // Only stacks that can reach into the view (`reach`; a spread stack is always drawn).
    const [wx0, wy0] = s.camera.toWorld(0, 0), [wx1, wy1] = s.camera.toWorld(s.camera.width, s.camera.height);
    for (const [hex, units] of this.cache) {
      const i = g.parse(hex);
      if (i < 0) continue;
      const spread = this.spread === hex;
      const cx = g.cx[i], cy = g.cy[i];
      const r = reach(units.length);
      if (!spread && (cx < wx0 - r || cx > wx1 + r || cy < wy0 - r || cy > wy1 + r)) continue;
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
      // Facing down the screen (more than a quarter turn either way), its words are turned
      // half a turn about their own places, so they read upright as a player turns a counter's
      // words to face him on the table.
      const f = (((c.facing ?? 0) % 360) + 360) % 360;
      this.drawFace(ctx, c, 0, 0, scale, text, count, false, f > 90 && f < 270);
      ctx.restore();
    } else {
      this.drawFace(ctx, c, x, y, scale, text, count, true);
    }
  }

  /** A counter's face centred at (x, y), upright; `notch` draws its facing as a notch. Every
   * place is the layout's geometry (fractions of the side from the top-left corner). */
  private drawFace(ctx: CanvasRenderingContext2D, c: Counter, x: number, y: number, scale: number, text: boolean, count: number, notch: boolean, flip = false): void {
    const h = SIZE / 2, px = 1 / scale, layout = this.layout, g = layout.geometry;
    /** `s` centred at (tx, ty) in a place `height` high and `width` wide ([fitText]), turned
     * half a turn about that point when `flip`; left out when too small to read. */
    const write = (s: string, tx: number, ty: number, height: number, width: number): void => {
      const set = fitText(s, height, width, scale, (t) => widthAt100(ctx, t));
      if (set) textAt(ctx, set.text, tx, ty, set.size, scale, flip);
    };
    const fill = rgb(this.colors[c.side] ?? "#cccccc");
    const ink = inkOn(fill);
    const x0 = x - h, y0 = y - h;
    ctx.fillStyle = css(fill);
    ctx.fillRect(x0, y0, SIZE, SIZE);
    ctx.lineWidth = Math.max(px, 0.03);
    ctx.strokeStyle = "#222";
    ctx.strokeRect(x0, y0, SIZE, SIZE);
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
      ctx.fillStyle = ink;
      ctx.fillRect(x0, y0, SIZE, SIZE * g.front);
    }
    // The box and symbol, in the counter's own unit square (side 1, centre at the origin).
    this.symbols ??= symbolPaths(layout);
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(SIZE, SIZE);
    drawSymbol(ctx, g, this.symbols.get(c.symbol), Math.max(px / SIZE, g.stroke));
    ctx.restore();
    // The markers: their colours in a band along the top edge, under the front.
    const marks = c.markers.map((m) => this.look(m));
    if (marks.length) {
      const w = SIZE / marks.length;
      marks.forEach((tag, k) => {
        ctx.fillStyle = tag.fill;
        ctx.fillRect(x0 + k * w, y0 + SIZE * g.front, w, SIZE * g.marker_band);
      });
    }
    if (text) {
      ctx.fillStyle = ink;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      write(counterText(layout.top, c), x, y0 + SIZE * g.top[0], SIZE * g.top[1], SIZE * g.text_width);
      const values = layout.corners.map((k) => [k, counterText(k.text, c)] as const).filter(([, v]) => v);
      // Beside bottom corner values the bottom line keeps to the middle.
      const beside = values.some(([k]) => k.corner === "bottom_left" || k.corner === "bottom_right");
      write(counterText(layout.bottom, c), x, y0 + SIZE * g.bottom[0], SIZE * g.bottom[1], SIZE * (beside ? g.text_width_between_corners : g.text_width));
      for (const [k, value] of values) {
        const left = k.corner === "top_left" || k.corner === "bottom_left";
        const top = k.corner === "top_left" || k.corner === "top_right";
        const cx = x0 + SIZE * g.corner_x[left ? 0 : 1], cy = y0 + SIZE * g.corner_y[top ? 0 : 1];
        if (k.ring) {
          ctx.beginPath();
          ctx.arc(cx, cy, SIZE * (g.ring - g.ring_line / 2), 0, Math.PI * 2);
          ctx.strokeStyle = ink;
          ctx.lineWidth = Math.max(px, SIZE * g.ring_line);
          ctx.stroke();
        }
        ctx.fillStyle = ink;
        write(value, cx, cy + SIZE * 0.01, SIZE * g.corner_text, SIZE * g.corner_width);
      }
      // Each marker's tag, its letter, beside the box, clear of the id line above it: down the
      // right edge from the box's top, then down the left edge (two a side).
      const t = SIZE * g.tag;
      marks.forEach((tag, k) => {
        const right = k % 4 < 2;
        const mx = right ? x + h - t * 0.55 : x - h + t * 0.55;
        const ty = y0 + SIZE * g.symbol_box[1] + (k % 2) * t * 1.05;
        ctx.fillStyle = tag.fill;
        ctx.fillRect(mx - t / 2, ty, t, t);
        ctx.strokeStyle = "#222";
        ctx.lineWidth = Math.max(px, 0.015);
        ctx.strokeRect(mx - t / 2, ty, t, t);
        ctx.fillStyle = tag.ink;
        write(tag.letter, mx, ty + t * 0.525, t * 0.8, t);
      });
      if (count > 1) {
        const n = SIZE * g.count;
        ctx.fillStyle = "#111";
        ctx.fillRect(x0, y0, n * 1.1, n);
        ctx.fillStyle = "#fff";
        textAt(ctx, String(count), x0 + n * 0.55, y0 + n * 0.52, n * 0.77, scale, false);
      }
    }
    if (notch && c.facing != null) drawFacing(ctx, c.facing, x, y, h, ink);
    if (this.selected === c.id) {
      ctx.strokeStyle = "#ffd600";
      ctx.lineWidth = Math.max(3 * px, 0.08);
      ctx.strokeRect(x0 - 0.04, y0 - 0.04, SIZE + 0.08, SIZE + 0.08);
    }
  }
}

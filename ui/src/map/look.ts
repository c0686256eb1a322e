// The chart's looks on the canvas: the core's three small functions the map view needs to place
// glyphs and shade hills as the pictures do (ports of src/look/place.rs, checked against
// look-fixture.json, which a Rust test writes), the level of detail, and the glyphs as Path2D.
// Everything else (glyph shapes, where a texture's glyphs go) comes as data in `Palette.looks`.

import type { ChartLook, GlyphInk, Looks, Lod } from "../ipc/generated";

/** Arrangements per texture (`place::VARIANTS`). */
export const VARIANTS = 8;

/** The seed of a hex from its printed column and row (1-based, as "0812" names them), as
 * `place::hex_seed`: u32 multiply, xor and shift. */
export function hexSeed(col: number, row: number): number {
  let h = (Math.imul(col, 0x9e3779b1) ^ Math.imul(row, 0x85ebca77)) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  h = (h ^ (h >>> 12)) >>> 0;
  h = Math.imul(h, 0x297a2d39) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}

/** Which variant a hex uses, and whether it is mirrored (x to -x), as `place::pick`. */
export function pick(seed: number): [number, boolean] {
  return [seed % VARIANTS, (seed & 0x100) !== 0];
}

/** Rust's `f64::round`: halves away from zero (Math.round takes -0.5 to -0). */
function roundAway(v: number): number {
  return Math.sign(v) * Math.round(Math.abs(v));
}

/** The hill-shade step of a hex, -4 to 4 (`place::hill_shade` before it scales the step):
 * `nbs` holds, per neighbour, the unit vector toward it on screen (y down) and its level. */
export function hillStep(own: number, nbs: ArrayLike<number>, n: number, lightDeg: number): number {
  if (n === 0) return 0;
  let gx = 0, gy = 0;
  for (let k = 0; k < n; k++) {
    const d = nbs[k * 3 + 2] - own;
    gx += d * nbs[k * 3];
    gy += d * nbs[k * 3 + 1];
  }
  // Six neighbours of a plane rising m per hex give 3m along its direction.
  gx /= 3;
  gy /= 3;
  const bearing = lightDeg * (Math.PI / 180);
  const lx = Math.sin(bearing), ly = -Math.cos(bearing);
  const lit = Math.max(-1, Math.min(1, -(gx * lx + gy * ly)));
  return roundAway(lit * 4);
}

/** The hill-shade factor of a step, in f32 as the core computes it. */
export function stepFactor(step: number, shade: number): number {
  return Math.fround(1 + Math.fround(Math.fround(shade) * Math.fround(step / 4)));
}

/** `place::hill_shade`: `nbs` as for `hillStep`, flat (dx, dy, level per neighbour). */
export function hillShade(own: number, nbs: number[], look: Pick<ChartLook, "shade" | "light_deg">): number {
  if (look.shade === 0 || nbs.length === 0) return 1;
  return stepFactor(hillStep(own, nbs, nbs.length / 3, look.light_deg), look.shade);
}

/** A hex's fill as the core's pictures compute it (`Looks::fill` with `Color::shade`, in f32):
 * the terrain's fill darker per level (up to 6), times the hill-shade factor. */
export function shadedFill([r, g, b]: [number, number, number], level: number, tintPerLevel: number, factor: number): [number, number, number] {
  const tint = Math.fround(1 - Math.fround(Math.fround(tintPerLevel) * Math.min(level, 6)));
  const f = Math.fround(tint * factor);
  const m = (c: number) => Math.max(0, Math.min(255, Math.round(Math.fround(c * f))));
  return [m(r), m(g), m(b)];
}

/** The highest placement lod drawn at `px` device pixels per hex radius (`Lod::level`): none,
 * lod 0, or all. */
export function lodAt(px: number, lod: Lod): number | null {
  if (px < lod.symbols_min) return null;
  return px < lod.full_detail ? 0 : 1;
}

/** `c` (`#rrggbb`) lightened by `f` toward white (a lined look's glyphs' light colour). */
export function lighten(c: string, f: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(c);
  if (!m) return c;
  const n = parseInt(m[1], 16);
  const l = (v: number) => Math.round(v + (255 - v) * f).toString(16).padStart(2, "0");
  return `#${l((n >> 16) & 255)}${l((n >> 8) & 255)}${l(n & 255)}`;
}

export interface GlyphPartPath {
  path: Path2D;
  ink: GlyphInk;
  /** A stroke this wide in unit-box units; null: filled. */
  stroke: number | null;
}

/** Each glyph's parts as Path2D, made once per chart (`attach`). */
export class GlyphCache {
  private parts = new Map<string, GlyphPartPath[]>();

  constructor(looks: Looks | null | undefined) {
    for (const [name, g] of Object.entries(looks?.glyphs ?? {})) {
      if (!g) continue;
      this.parts.set(name, g.parts.map((p) => ({ path: new Path2D(p.d), ink: p.ink, stroke: p.stroke })));
    }
  }

  get(name: string): GlyphPartPath[] {
    return this.parts.get(name) ?? [];
  }
}

/** Where a glyph's unit box goes: scaled by `k`, mirrored (x to -x, before turning) if
 * `mirror`, turned by `turn` radians clockwise on screen, its origin at (x, y): the matrix
 * for `Path2D.addPath` (as `cartography::draw_glyph` transforms each point). */
export function glyphMatrix(x: number, y: number, k: number, turn: number, mirror: boolean): DOMMatrix2DInit {
  const c = Math.cos(turn) * k, s = Math.sin(turn) * k;
  const m = mirror ? -1 : 1;
  return { a: m * c, b: m * s, c: -s, d: c, e: x, f: y };
}

/** A point in world units (hex radii); the polyline cutters are in `lines.ts`. */
export type { Pt } from "./lines";


// Cutting and dressing lines as the core's pictures do (src/render/cartography.rs): dashes cut
// from a polyline's start (`dashes`), points every gap along it for ties and glyphs (`along`), a
// side's meander for water (`meander`), and a crest's ticks (`tickWedges`). Pure arithmetic in
// whatever unit the caller draws in (the map layers: hex radii), so the canvas and the PNG cut
// the same pieces. No imports: tests/lines.test.mjs loads this file on its own.

export type Pt = [number, number];

/** The pieces of a polyline cut into dashes `on` long, `off` apart, from its start (as
 * `cartography::dashes`). `on` or `off` not positive: the polyline whole. */
export function dashes(pts: Pt[], on: number, off: number): Pt[][] {
  if (on <= 0 || off <= 0) return [pts.slice()];
  const out: Pt[][] = [];
  let cur: Pt[] = [];
  let drawing = true, left = on;
  for (let k = 0; k + 1 < pts.length; k++) {
    const a = pts[k], b = pts[k + 1];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let t = 0;
    if (drawing && cur.length === 0) cur.push(a);
    while (len - t > left) {
      t += left;
      const p: Pt = [a[0] + (b[0] - a[0]) * t / len, a[1] + (b[1] - a[1]) * t / len];
      if (drawing) {
        cur.push(p);
        out.push(cur);
        cur = [];
        left = off;
      } else {
        cur.push(p);
        left = on;
      }
      drawing = !drawing;
    }
    left -= len - t;
    if (drawing) cur.push(b);
  }
  if (drawing && cur.length > 1) out.push(cur);
  return out;
}

/** Points every `gap` along a polyline from half a gap in, each with the unit direction of its
 * segment (as `cartography::along`): where ties and a lined side's glyphs go. */
export function along(pts: Pt[], gap: number): [Pt, Pt][] {
  const out: [Pt, Pt][] = [];
  if (gap <= 0) return out;
  let next = gap / 2, run = 0;
  for (let k = 0; k + 1 < pts.length; k++) {
    const a = pts[k], b = pts[k + 1];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const d: Pt = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    while (next <= run + len) {
      const t = next - run;
      out.push([[a[0] + d[0] * t, a[1] + d[1] * t], d]);
      next += gap;
    }
    run += len;
  }
  return out;
}

/** Cross-ties along a polyline: segments `len` long across it, every `gap` (as
 * `cartography::draw_route`), each as its two ends. */
export function ties(pts: Pt[], gap: number, len: number): [Pt, Pt][] {
  const half = len / 2;
  return along(pts, gap).map(([[x, y], [dx, dy]]) => [[x - dy * half, y + dx * half], [x + dy * half, y - dx * half]]);
}

/** A side as a gently meandering polyline from p to q: `wiggle` of offset along the normal in
 * two half-waves, zero at both corners so that sides join exactly; `flip` turns it the other
 * way (as `cartography::meander`). */
export function meander(p: Pt, q: Pt, wiggle: number, flip: boolean): Pt[] {
  const dx = q[0] - p[0], dy = q[1] - p[1];
  const len = Math.hypot(dx, dy);
  if (len === 0 || wiggle === 0) return [p, q];
  const nx = -dy / len, ny = dx / len;
  const sgn = flip ? -1 : 1;
  const n = 12;
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const o = sgn * wiggle * Math.sin(2 * Math.PI * t);
    out.push([p[0] + dx * t + nx * o, p[1] + dy * t + ny * o]);
  }
  return out;
}

/** A crest's ticks along the side p-q pointing `down` (a unit vector toward the lower hex):
 * wedges from the crest line's edge, `len` long, about `gap` apart, as triangles (as
 * `cartography::draw_ticks`; `minBase`: the least width at the root, the core's 2.2 px). */
export function tickWedges(p: Pt, q: Pt, down: Pt, lineW: number, len: number, gap: number, minBase: number): [Pt, Pt, Pt][] {
  const side = Math.hypot(q[0] - p[0], q[1] - p[1]);
  if (side === 0 || gap <= 0) return [];
  const n = Math.max(1, Math.round(side / gap));
  const base = Math.max(lineW * 1.6, minBase);
  const ax = (q[0] - p[0]) / side, ay = (q[1] - p[1]) / side;
  const out: [Pt, Pt, Pt][] = [];
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const m: Pt = [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
    const root: Pt = [m[0] + down[0] * lineW * 0.4, m[1] + down[1] * lineW * 0.4];
    const tip: Pt = [m[0] + down[0] * (lineW * 0.4 + len), m[1] + down[1] * (lineW * 0.4 + len)];
    out.push([[root[0] - ax * base / 2, root[1] - ay * base / 2], [root[0] + ax * base / 2, root[1] + ay * base / 2], tip]);
  }
  return out;
}

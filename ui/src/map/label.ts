// Where a feature's name is set: along the feature, as a printed map letters a ridge or a river.
// A port of src/look/label.rs `along`, operation for operation (its unit tests' numbers are
// tests/label.test.mjs's), so the canvas and the core's pictures set a name the same way.
//
// Coordinates are world units of one hex radius with y down, so the angle is the one a canvas
// `rotate` takes (positive: clockwise). No imports: the test loads this file on its own.

export interface NamePlacement {
  /** The name's centre, in hex radii. */
  x: number;
  y: number;
  /** Its baseline's angle in radians, within +-60 degrees (never upside down, never steeper
   * than a hexside). */
  angle: number;
  /** The room along the angle, in hex radii: the feature's extent along it plus a hex. */
  extent: number;
}

/** The steepest a name is set (60 degrees). */
export const MAX_ANGLE = Math.PI / 3;

/** A feature whose spread along its main axis is less than this many times its spread across
 * is a blob (a town, a wood): its name is horizontal. */
export const ELONGATION = 2;

/** Where the name of a feature whose hexes have these centres goes (label.rs `along`): none
 * without hexes; a one-hex feature's name horizontal, half a radius below the hex's centre;
 * otherwise centred on the centres' mean, along their principal axis clamped to +-60 degrees,
 * horizontal for a blob. */
export function along(centres: [number, number][]): NamePlacement | null {
  const n = centres.length;
  if (n === 0) return null;
  if (n === 1) {
    const [x, y] = centres[0];
    return { x, y: y + 0.5, angle: 0, extent: 1.6 };
  }
  let mx = 0, my = 0;
  for (const c of centres) mx += c[0];
  for (const c of centres) my += c[1];
  mx /= n;
  my /= n;
  let sxx = 0, syy = 0, sxy = 0;
  for (const [x, y] of centres) {
    const dx = x - mx, dy = y - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  sxx /= n;
  syy /= n;
  sxy /= n;
  // Eigenvalues of [[sxx, sxy], [sxy, syy]].
  const halfTrace = (sxx + syy) / 2;
  const h = (sxx - syy) / 2;
  const root = Math.sqrt(h * h + sxy * sxy);
  const major = halfTrace + root, minor = halfTrace - root;
  const axis = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const angle = major < ELONGATION * ELONGATION * Math.max(minor, 0)
    ? 0
    : Math.max(-MAX_ANGLE, Math.min(MAX_ANGLE, axis));
  const ux = Math.cos(angle), uy = Math.sin(angle);
  let lo = Infinity, hi = -Infinity;
  for (const [x, y] of centres) {
    const a = (x - mx) * ux + (y - my) * uy;
    lo = Math.min(lo, a);
    hi = Math.max(hi, a);
  }
  return { x: mx, y: my, angle, extent: hi - lo + 1.6 };
}

/**
 * The text set for a feature (the core's `label::name_text`): its name with its code in
 * brackets, since scenarios and victory conditions cite codes ("Castelnuovo (V4)"); the name
 * alone when it is the code, the code alone when it has no name.
 */
export function nameText(name: string, code: string): string {
  const n = name.trim();
  const c = code.trim();
  if (!n) return c;
  if (!c || n === c) return n;
  return `${n} (${c})`;
}

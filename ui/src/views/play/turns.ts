// Which turn the play view gives: pure arithmetic on bearings (degrees clockwise from north,
// as a system's `CommandInfo.facing` gives them); the rules say which turns are legal.

/** The bearing among `bearings` nearest clockwise (dir 1) or anticlockwise (-1) of `from`,
 * never `from` itself; null when there is none. */
export function nextBearing(bearings: number[], from: number, dir: 1 | -1): number | null {
  let best: number | null = null, bestD = 360;
  for (const b of bearings) {
    const d = (((dir * (b - from)) % 360) + 360) % 360;
    if (d > 0 && d < bestD) { bestD = d; best = b; }
  }
  return best;
}

/** The bearing from (x0, y0) to (x, y) on the screen or the map (y grows downwards). */
export function bearingOf(x0: number, y0: number, x: number, y: number): number {
  return ((Math.atan2(x - x0, -(y - y0)) * 180) / Math.PI + 360) % 360;
}

/** The bearing among `bearings` nearest `toward`, either way round; null when there is none. */
export function nearestBearing(bearings: number[], toward: number): number | null {
  let best: number | null = null, bestD = 361;
  for (const b of bearings) {
    const d = Math.abs(((((b - toward) % 360) + 540) % 360) - 180);
    if (d < bestD) { bestD = d; best = b; }
  }
  return best;
}

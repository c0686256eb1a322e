// The map view's line cutting (src/map/lines.ts) against the core's unit tests of the same
// functions (src/render/cartography.rs, `mod tests`): the same pieces, the same numbers.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "./load-ts.mjs";

const { dashes, along, ties, meander, tickWedges } = await loadTs("src/map/lines.ts");

test("dashes alternate along the line (cartography::dashes_alternate_along_the_line)", () => {
  const d = dashes([[0, 0], [10, 0], [10, 10]], 3, 2);
  assert.deepEqual(d.map((p) => p[0]), [[0, 0], [5, 0], [10, 0], [10, 5]]);
  // A gap ends on the corner; the next dash runs down the second segment.
  assert.deepEqual(d[3][d[3].length - 1], [10, 8]);
  // The dash across the corner keeps the corner.
  assert.deepEqual(d[2], [[10, 0], [10, 3]]);
  assert.deepEqual(d[1], [[5, 0], [8, 0]]);
});

test("a line without a dash is one piece", () => {
  assert.deepEqual(dashes([[0, 0], [4, 0]], 0, 2), [[[0, 0], [4, 0]]]);
});

test("ties are spaced along the line (cartography::ties_are_spaced_along_the_line)", () => {
  const a = along([[0, 0], [10, 0], [10, 10]], 4);
  assert.deepEqual(a.map(([p]) => p), [[2, 0], [6, 0], [10, 0], [10, 4], [10, 8]]);
  // A tie is across the line, centred on it.
  const t = ties([[0, 0], [10, 0]], 4, 2);
  assert.deepEqual(t[0], [[2, 1], [2, -1]]);
});

test("a meander meets the corners (cartography::a_meander_meets_the_corners)", () => {
  const m = meander([0, 0], [12, 0], 1, false);
  assert.deepEqual(m[0], [0, 0]);
  const last = m[m.length - 1];
  assert.ok(Math.abs(last[0] - 12) < 1e-9 && Math.abs(last[1]) < 1e-9);
  assert.ok(m.some((p) => p[1] > 0.9));
  assert.ok(meander([0, 0], [12, 0], 1, true).some((p) => p[1] < -0.9), "flipped, the other way");
});

test("crest ticks point down-slope from the line's edge", () => {
  const w = tickWedges([0, 0], [10, 0], [0, 1], 1, 3, 2.5, 2.2);
  assert.equal(w.length, 4);
  for (const [a, b, tip] of w) {
    assert.ok(Math.abs(a[1] - 0.4) < 1e-9 && Math.abs(b[1] - 0.4) < 1e-9, "root on the line's edge");
    assert.ok(Math.abs(tip[1] - 3.4) < 1e-9, "tip toward the lower hex");
    assert.ok(Math.abs(b[0] - a[0] - 2.2) < 1e-9, "the least root width");
  }
  assert.ok(Math.abs(w[0][2][0] - 1.25) < 1e-9);
});

const { roundLength, scaleBar, lengthText } = await loadTs("src/map/layers/scalebar.ts");

test("scale bars have round lengths (furniture::scale_bars_have_round_lengths)", () => {
  assert.equal(roundLength(730), 500);
  assert.equal(roundLength(230), 200);
  assert.equal(roundLength(19), 10);
  assert.equal(roundLength(1), 1);
  assert.equal(lengthText(roundLength(0.73)), "0.5");
  // R&S: 1 hex = 50 m side to side; at 20 px per radius a hex is 34.6 px: 160 px is 231 m.
  const b = scaleBar(50, 20, 160);
  assert.equal(b.length, 200);
  assert.ok(Math.abs(b.px - 200 / 50 * 20 * Math.sqrt(3)) < 1e-9);
});

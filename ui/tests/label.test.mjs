// Where a feature's name is set (src/map/label.ts) against the core's unit tests of the same
// rule (src/look/label.rs, `mod tests`): the same numbers.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "./load-ts.mjs";

const { along, nameText, MAX_ANGLE } = await loadTs("src/map/label.ts");
const close = (a, b) => Math.abs(a - b) < 1e-9;

test("no hexes no name, and one hex a name below its centre", () => {
  assert.equal(along([]), null);
  assert.deepEqual(along([[3, 4]]), { x: 3, y: 4.5, angle: 0, extent: 1.6 });
});

test("a row of hexes is lettered along it", () => {
  // Three centres on a line rising 30 degrees to the right (y down: angle -30).
  const d = [Math.sqrt(3), -1];
  const p = along([[0, 0], d, [2 * d[0], 2 * d[1]]]);
  assert.ok(close(p.angle, -Math.PI / 6), JSON.stringify(p));
  assert.ok(close(p.x, d[0]) && close(p.y, d[1]));
  assert.ok(close(p.extent, 4 + 1.6), JSON.stringify(p));
});

test("a column is lettered at sixty degrees, never upright", () => {
  const p = along([[0, 0], [0, 2], [0, 4]]);
  // The axis is 90 degrees; clamped to 60, and the extent measured along 60.
  assert.ok(close(p.angle, MAX_ANGLE), JSON.stringify(p));
  assert.ok(close(p.extent, 4 * Math.sin(MAX_ANGLE) + 1.6), JSON.stringify(p));
});

test("a blob is lettered level", () => {
  // A hex and its six neighbours (pointy layout, radius 1): no main axis.
  const s = Math.sqrt(3);
  const c = [[0, 0]];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    c.push([s * Math.cos(a), s * Math.sin(a)]);
  }
  const p = along(c);
  assert.equal(p.angle, 0);
  assert.ok(close(p.x, 0) && close(p.y, 0));
  assert.ok(close(p.extent, 2 * s + 1.6), JSON.stringify(p));
});

test("a name carries its code", () => {
  assert.equal(nameText("Castelnuovo", "V4"), "Castelnuovo (V4)");
  assert.equal(nameText(" ", "V4"), "V4");
  assert.equal(nameText("H26", "H26"), "H26");
  assert.equal(nameText("Seminary Ridge", ""), "Seminary Ridge");
});

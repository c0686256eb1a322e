// How a counter's line is set (src/map/fit-text.ts): shrunk, then cut, never squeezed, and
// left out when too small to read.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "./load-ts.mjs";

const { fitText, TEXT_MIN_PX, TEXT_SHRINK } = await loadTs("src/map/fit-text.ts");
/** A monospaced font: every character 60 px wide at 100 px. */
const mono = (t) => [...t].length * 60;

test("a line that fits is set at its place's height", () => {
  // "3-4" at height 0.2, 60 px a unit: 0.2 * 0.6 * 3 = 0.36 wide, room 0.9.
  assert.deepEqual(fitText("3-4", 0.2, 0.9, 60, mono), { size: 0.2, text: "3-4" });
});

test("a line a little too wide shrinks to the width, whole", () => {
  // "div-heth": 8 x 0.6 x 0.2 = 0.96 wide at height 0.2; room 0.88: size 0.88 / 4.8.
  const set = fitText("div-heth", 0.2, 0.88, 60, mono);
  assert.equal(set.text, "div-heth");
  assert.ok(Math.abs(set.size - 0.88 / 4.8) < 1e-12, JSON.stringify(set));
  assert.ok(set.size >= 0.2 * TEXT_SHRINK);
});

test("a line far too wide is cut with an ellipsis at the smallest size", () => {
  const set = fitText("division-anderson", 0.2, 0.88, 60, mono);
  assert.equal(set.size, 0.2 * TEXT_SHRINK);
  // 0.15 x 0.6 = 0.09 a character: 9 characters fit in 0.88, the ellipsis one of them.
  assert.equal(set.text, "division…");
  assert.ok(mono(set.text) * set.size / 100 <= 0.88);
});

test("a line too small on the screen is left out; the same line larger is drawn", () => {
  // Height 0.2 at 25 px a unit is 5 px of font: under the minimum.
  assert.ok(0.2 * 25 < TEXT_MIN_PX);
  assert.equal(fitText("3-4", 0.2, 0.9, 25, mono), null);
  assert.notEqual(fitText("3-4", 0.2, 0.9, 40, mono), null);
  // Shrinking counts: at 40 px "div-heth" shrinks to 0.1833 (7.3 px), drawn; at 32 px, 5.9 px, left out.
  assert.notEqual(fitText("div-heth", 0.2, 0.88, 40, mono), null);
  assert.equal(fitText("div-heth", 0.2, 0.88, 32, mono), null);
  assert.equal(fitText("", 0.2, 0.9, 100, mono), null);
});

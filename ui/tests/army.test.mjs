// The Vae Victis army builder's edits (src/rulesets/vae-victis/army.ts): ids unique across the
// scenario, new pieces on free hexes of the side's zone (or a reinforcement corps' entry
// hexes), the Commander-in-Chief with a second corps (VV 2), one variant for both sides.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "./load-ts.mjs";

const A = await loadTs("src/rulesets/vae-victis/army.ts");

function file() {
  return {
    sides: [
      { id: "france", name: "France", variant: "la-grande-armee", nation: "french", corps: [
        { id: "I", general: { id: "derlon", hex: "0101" }, elements: [{ id: "I-1", type: "line", hex: "0102" }] },
      ] },
      { id: "britain", name: "Britain", variant: "la-grande-armee", corps: [] },
    ],
    reinforcements: [{ side: "france", group: "II" }],
  };
}
/** The zones as the scenario view lists them, hexes computed. */
function zones() {
  return [
    { pointer: "/deployment/0/zone", side: "france", hexes: ["0101", "0102", "0103", "0104"] },
    { pointer: "/deployment/1/zone", side: "britain", hexes: ["0901", "0902"] },
    { pointer: "/reinforcements/0/entry", side: "france", hexes: ["0501", "0601"] },
  ];
}

test("an element is added with a fresh id on the zone's first free hex", () => {
  const f = file();
  const st = A.addElement(f, zones(), 0, 0, "cuirassiers");
  assert.equal(st.placed, "0103");
  assert.deepEqual(st.ops, [{ op: "set", pointer: "/sides/0/corps/0/elements", value: [
    { id: "I-1", type: "line", hex: "0102" }, { id: "I-2", type: "cuirassiers", hex: "0103" }] }]);
  assert.deepEqual(A.builderInput(st.side), { variant: "la-grande-armee", nation: "french", commander_in_chief: false,
    corps: [{ id: "I", elements: ["line", "cuirassiers"] }] });
});

test("a full zone refuses the step, naming the rule and where to widen it", () => {
  const f = file();
  const z = zones();
  z[0].hexes = ["0101", "0102"];
  const st = A.addElement(f, z, 0, 0, "line");
  assert.match(st.error, /No free hex left in France's deployment zone \(one element a hex, VV 1 Unit Bases\)/);
});

test("a second corps brings its general and the Commander-in-Chief (VV 2)", () => {
  const f = file();
  const st = A.addCorps(f, zones(), 0);
  const corps = st.ops[0].value;
  assert.equal(corps.length, 2);
  assert.equal(corps[1].id, "II");
  assert.equal(corps[1].general.id, "france-II-general");
  // II is the reinforcement group: its general on its first entry hex; the C-in-C in the zone.
  assert.equal(corps[1].general.hex, "0501");
  assert.deepEqual(st.ops[1], { op: "set", pointer: "/sides/0/commander_in_chief", value: { id: "france-commander", hex: "0103" } });
  // The first corps of a side has no Commander-in-Chief.
  const b = A.addCorps(f, zones(), 1);
  assert.equal(b.ops.length, 1);
  assert.equal(b.ops[0].value[0].id, "II", "corps ids are unique across the scenario");
});

test("a corps arriving as a reinforcement places its elements on its entry hexes", () => {
  const f = file();
  f.sides[0].corps.push({ id: "II", general: { id: "reille", hex: "0501" }, elements: [] });
  assert.equal(A.addElement(f, zones(), 0, 1, "line").placed, "0601");
});

test("removing takes the corps' last element of the type; one variant for both sides", () => {
  const f = file();
  f.sides[0].corps[0].elements.push({ id: "I-2", type: "line", hex: "0103" }, { id: "I-3", type: "light", hex: "0104" });
  const st = A.removeElement(f, 0, 0, "line");
  assert.deepEqual(st.ops[0].value.map((e) => e.id), ["I-1", "I-3"]);
  assert.match(A.removeElement(f, 0, 0, "guard").error, /has no guard/);
  assert.deepEqual(A.setVariant(f, "rebel-yell").map((o) => o.pointer), ["/sides/0/variant", "/sides/1/variant"]);
  assert.deepEqual(A.newLimits([{ text: "a" }], [{ text: "a" }, { text: "b" }]), [{ text: "b" }]);
});
